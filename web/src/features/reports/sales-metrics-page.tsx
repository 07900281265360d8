import { salesMetrics } from '@crm/contracts'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { Download, Gauge } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { saveFile } from '../../lib/fetch-file'
import { notify } from '../../lib/notify'
import { openDayRating } from './day-rating-modal'
import { DivisionField, PeriodFields, SelectDateRange, periodComplete } from './report-filters'
import { ReportPage } from './report-tabs'
import { exportSalesMetrics, type SalesMetricFilters } from './reports-api'
import { SalesMetricsTable } from './sales-metrics-table'

/** Sales metrics: per salesperson and division, the numbers of a period; each opens the records behind it. */
export function SalesMetricsPage() {
  const filters = useSearch({ strict: false }) as SalesMetricFilters
  const navigate = useNavigate()
  const go = (search: SalesMetricFilters) => void navigate({ to: '/reports', search })

  const exportFile = async () => {
    const file = await exportSalesMetrics(filters).catch(() => null)
    if (!file) return notify.error('Export failed')
    saveFile(file, 'sales-metrics.xlsx')
  }

  return (
    <ReportPage
      title="Sales metrics"
      intro="Calls, emails, texts, meetings, pipeline moves, referrals and opportunities per salesperson. Click a number to see its records."
      actions={
        <>
          <Button variant="ghost" className="max-sm:h-11" onClick={() => openDayRating()}>
            <Gauge /> My Day Rating
          </Button>
          <Button className="max-sm:h-11" disabled={!periodComplete(filters)} onClick={() => void exportFile()}>
            <Download /> Export to Excel
          </Button>
        </>
      }
    >
      <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <PeriodFields id="sm" filters={filters} go={go} />
        <DivisionField
          id="sm"
          all
          value={filters.divisionId}
          onChange={(divisionId) => go({ ...filters, divisionId })}
        />
      </Card>
      {periodComplete(filters) ? <SalesMetricsTable filters={filters} /> : <SelectDateRange />}
      <p className="text-xs text-muted-foreground">
        Days are your calendar days. {salesMetrics.calls.label} include incoming and outgoing calls; talk time is their
        total duration. Opportunities count for their salesperson, at their current amount; referrals as sent from the
        division they came from and received in the division they went to.
      </p>
    </ReportPage>
  )
}
