import { checkDashboardFilter, type DashboardFilter, type DashboardQuery, type DashboardSlice } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Download, Loader2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { ListStates } from '../../components/ui/list-states'
import { saveFile } from '../../lib/fetch-file'
import { notify } from '../../lib/notify'
import { StageFunnel, TrendChart } from './dashboard-charts'
import { DashboardFilters } from './dashboard-filters'
import { openDashboardOpportunities, openStageProspects } from './dashboard-modals'
import { DashboardTiles, StageTable } from './dashboard-totals'
import { dashboardQuery, exportDashboard } from './opportunities-api'

/** The opportunity dashboard: a division's pipeline by stage, won and lost, its trend; every number opens its list. */
export function OpportunityDashboardPage() {
  const search = useSearch({ strict: false }) as DashboardQuery
  const navigate = useNavigate()
  const checked = checkDashboardFilter(search)
  const go = (next: DashboardQuery) => void navigate({ to: '/opportunity-dashboard', search: next, replace: true })
  return (
    <div className="mx-auto flex max-w-[1440px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight">Opportunity dashboard</h1>
          <p className="text-muted-foreground">
            The pipeline by stage, what was won and lost, and its trend. Click a number to see its opportunities.
          </p>
        </div>
        <ExportButton filter={checked.filter} />
      </header>
      <DashboardFilters search={search} errors={checked.errors ?? {}} onChange={go} />
      {checked.filter ? (
        <DashboardBody filter={checked.filter} />
      ) : (
        <Card role="status" className="p-6 text-center text-muted-foreground">
          Choose a division, a salesperson and a valid range of days to see the pipeline.
        </Card>
      )}
      <p className="text-xs text-muted-foreground">
        An opportunity counts on the day it was won or lost, or while open on its expected close date. Weighted amount
        is amount × probability / 100.
      </p>
    </div>
  )
}

function DashboardBody({ filter }: { filter: DashboardFilter }) {
  const query = useQuery(dashboardQuery(filter))
  const stage = (slice: DashboardSlice, count: number) => openStageProspects({ filter, slice, count })
  const totals = (slice: DashboardSlice, count: number) => openDashboardOpportunities({ filter, slice, count })
  return (
    <ListStates query={query} what="The dashboard" isEmpty={() => false} skeletonRows={6}>
      {(d) => (
        <div className="flex flex-col gap-4" aria-busy={query.isPlaceholderData}>
          <DashboardTiles dashboard={d} onOpen={totals} />
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            <Card aria-label="By stage">
              <CardHeader>
                <CardTitle>By stage</CardTitle>
              </CardHeader>
              <CardContent className="overflow-x-auto py-1">
                <StageTable dashboard={d} onStage={stage} onAll={totals} />
              </CardContent>
            </Card>
            <Card aria-label="Stage funnel">
              <CardHeader>
                <CardTitle>Stage funnel</CardTitle>
              </CardHeader>
              <CardContent>
                {d.open.count === 0 ? (
                  <p className="py-8 text-center text-muted-foreground">No records found</p>
                ) : (
                  <StageFunnel
                    dashboard={d}
                    onStage={(s) => stage(String(s) as DashboardSlice, d.stages[s - 1]!.count)}
                  />
                )}
              </CardContent>
            </Card>
          </div>
          <Card aria-label="Trend">
            <CardHeader>
              <CardTitle>Trend by {d.trend.unit}</CardTitle>
            </CardHeader>
            <CardContent>
              <TrendChart dashboard={d} />
            </CardContent>
          </Card>
        </div>
      )}
    </ListStates>
  )
}

function ExportButton({ filter }: { filter: DashboardFilter | undefined }) {
  const [busy, setBusy] = useState(false)
  const run = async () => {
    if (!filter) return
    setBusy(true)
    const file = await exportDashboard(filter).catch(() => null)
    setBusy(false)
    if (!file) return notify.error('Export failed')
    saveFile(file, `opportunities-${filter.dateFrom}-${filter.dateTo}.xlsx`)
  }
  return (
    <Button className="max-sm:h-11" disabled={!filter || busy} onClick={() => void run()}>
      {busy ? <Loader2 className="animate-spin" /> : <Download />} Export to Excel
    </Button>
  )
}
