import { insightKindIds, topTenMeasures, type TopTenMeasure } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { SelectField } from '../../components/form/form-fields'
import { Card } from '../../components/ui/card'
import { ListStates } from '../../components/ui/list-states'
import { ContactLink } from './drill-parts'
import { InsightPanel } from './insight-panel'
import { formatDollars } from './metric-columns'
import { DivisionField, ScopeFilters, UserField } from './report-filters'
import { ReportPage } from './report-tabs'
import { topTenQuery, type ContactReportFilters } from './reports-api'

type Filters = ContactReportFilters & { measure?: string }
const measureOf = (f: Filters): TopTenMeasure =>
  (f.measure && f.measure in topTenMeasures ? f.measure : 'wonAmount') as TopTenMeasure
const valueText = (measure: TopTenMeasure, value: number) =>
  measure === 'activities' ? `${value} activities` : formatDollars(value)

/** The ten accounts ranking highest on the chosen measure, which the card names. */
function TopTenCard({ filters, go }: { filters: Filters; go: (f: Filters) => void }) {
  const measure = measureOf(filters)
  const query = useQuery(topTenQuery(measure, filters))
  return (
    <Card className="flex flex-col gap-3 p-4 lg:col-span-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="font-medium">Top ten accounts</h2>
          <p className="text-sm text-muted-foreground">Ranked by {topTenMeasures[measure].toLowerCase()}.</p>
        </div>
        <SelectField
          id="insights-measure"
          label="Rank by"
          value={measure}
          onChange={(v) => go({ ...filters, measure: v })}
          options={topTenMeasures}
          className="min-w-64"
        />
      </div>
      <ListStates query={query} what="Top ten accounts" isEmpty={(d) => d.rows.length === 0} skeletonRows={5}>
        {(top) => (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <ol className="flex flex-col divide-y text-sm" aria-label="Top ten accounts">
              {top.rows.map((r, i) => (
                <li key={r.contactId} className="flex items-center justify-between gap-3 py-1.5">
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="tabular w-5 text-right text-muted-foreground">{i + 1}.</span>
                    <ContactLink id={r.contactId} name={r.name} />
                  </span>
                  <span className="tabular whitespace-nowrap">{valueText(measure, r.value)}</span>
                </li>
              ))}
            </ol>
            <div
              className="h-72 max-lg:hidden"
              role="img"
              aria-label={`Top ten accounts by ${topTenMeasures[measure]}`}
            >
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={top.rows} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
                  <XAxis type="number" hide />
                  <YAxis type="category" dataKey="name" width={140} tickLine={false} tick={{ fontSize: 12 }} />
                  <Tooltip formatter={(v) => [valueText(measure, Number(v)), topTenMeasures[measure]]} />
                  <Bar dataKey="value" fill="var(--color-link)" radius={[0, 3, 3, 0]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </div>
        )}
      </ListStates>
    </Card>
  )
}

/** Account insights: a division's accounts by language, company type, size and age, and the top ten. */
export function AccountInsightsPage() {
  const filters = useSearch({ strict: false }) as Filters
  const navigate = useNavigate()
  const go = (search: Filters) => void navigate({ to: '/reports/account-insights', search })
  return (
    <ReportPage
      title="Account insights"
      intro="Who the division's accounts are. Click a bar or a number to list its accounts."
    >
      <ScopeFilters>
        <DivisionField
          id="insights"
          value={filters.divisionId}
          onChange={(divisionId) => go({ ...filters, divisionId })}
        />
        <UserField id="insights" value={filters.userId} onChange={(userId) => go({ ...filters, userId })} />
      </ScopeFilters>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {insightKindIds.map((kind) => (
          <InsightPanel key={kind} kind={kind} filters={filters} />
        ))}
        <TopTenCard filters={filters} go={go} />
      </div>
    </ReportPage>
  )
}
