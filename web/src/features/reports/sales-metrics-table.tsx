import {
  amountMetricKeys,
  formatCallTime,
  salesMetrics,
  type AmountMetric,
  type SalesMetric,
  type SalesMetricAmounts,
  type SalesMetricRow,
} from '@crm/contracts'
import { useSuspenseQuery } from '@tanstack/react-query'
import { DivisionName } from '../../components/division-name'
import { Card } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { formatDate } from '../../lib/format-date'
import { formatDollars, metricColumns, metricLabel } from './metric-columns'
import { openDayRating } from './day-rating-modal'
import { salesMetricQuery, type SalesMetricFilters } from './reports-api'
import { openDrill } from './sales-metric-modals'

const isAmount = (metric: SalesMetric): metric is AmountMetric => (amountMetricKeys as SalesMetric[]).includes(metric)

/** The dollars behind an opportunity count, under it. */
function Amount({ amounts, metric }: { amounts: SalesMetricAmounts; metric: SalesMetric }) {
  if (!isAmount(metric)) return null
  return <span className="tabular block text-xs text-muted-foreground">{formatDollars(amounts[metric])}</span>
}

/** A number that opens its records (nothing to open at zero), with its dollars for opportunities. */
function MetricNumber(props: { row: SalesMetricRow; metric: SalesMetric; filters: SalesMetricFilters }) {
  return (
    <>
      <MetricButton {...props} />
      {props.row.counts[props.metric] > 0 && <Amount amounts={props.row.amounts} metric={props.metric} />}
    </>
  )
}

function MetricButton(props: { row: SalesMetricRow; metric: SalesMetric; filters: SalesMetricFilters }) {
  const { row, metric, filters } = props
  const count = row.counts[metric]
  if (count === 0) return <span className="tabular text-muted-foreground">0</span>
  return (
    <button
      type="button"
      className="tabular min-h-11 min-w-11 rounded font-medium text-link hover:underline sm:min-h-0 sm:min-w-0"
      aria-label={`${metricLabel(metric)} of ${row.userName}: ${count}`}
      onClick={() =>
        openDrill(
          { filters, metric, userId: row.userId, userName: row.userName, divisionId: row.divisionId, count },
          salesMetrics[metric].drill,
        )
      }
    >
      {count}
    </button>
  )
}

function PersonButton({ row }: { row: SalesMetricRow }) {
  return (
    <button
      type="button"
      className="min-h-11 text-left font-medium hover:underline sm:min-h-0"
      title="Day Rating"
      onClick={() => openDayRating({ userId: row.userId, userName: row.userName })}
    >
      {row.userName}
    </button>
  )
}

/** The report of a complete period: a table, or a card per salesperson on a phone. */
export function SalesMetricsTable({ filters }: { filters: SalesMetricFilters }) {
  const { data } = useSuspenseQuery(salesMetricQuery(filters))
  return (
    <Card className="overflow-hidden">
      <div className="border-b px-4 py-2 text-sm text-muted-foreground">
        {formatDate(data.dateFrom)} – {formatDate(data.dateTo)}
      </div>
      {data.rows.length === 0 ? (
        <p className="px-4 py-8 text-center text-muted-foreground">No records found</p>
      ) : (
        <>
          <ul aria-label="Sales metrics" className="divide-y sm:hidden">
            {data.rows.map((row) => (
              <li key={`${row.userId}-${row.divisionId}`} className="flex flex-col gap-2 px-4 py-3">
                <div className="flex items-center justify-between gap-2">
                  <PersonButton row={row} />
                  <span className="text-xs text-muted-foreground">
                    <DivisionName id={row.divisionId} />
                  </span>
                </div>
                <dl className="grid grid-cols-3 gap-x-3 gap-y-1 text-sm">
                  {metricColumns.map(({ key, short }) => (
                    <div key={key} className="flex items-center justify-between gap-1">
                      <dt className="text-xs text-muted-foreground">{short}</dt>
                      <dd>
                        <MetricNumber row={row} metric={key} filters={filters} />
                      </dd>
                    </div>
                  ))}
                  <div className="col-span-3 flex justify-between">
                    <dt className="text-xs text-muted-foreground">Talk time</dt>
                    <dd className="tabular">{formatCallTime(row.talkSeconds)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <div className="overflow-x-auto max-sm:hidden">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead className="left-0 z-20">Salesperson</TableHead>
                  <TableHead>Division</TableHead>
                  {metricColumns.map(({ key, short }) => (
                    <TableHead key={key} className="text-right" title={metricLabel(key)}>
                      {short}
                    </TableHead>
                  ))}
                  <TableHead className="text-right">Talk time</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rows.map((row) => (
                  <TableRow key={`${row.userId}-${row.divisionId}`}>
                    <TableCell className="sticky left-0 bg-surface whitespace-nowrap">
                      <PersonButton row={row} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <DivisionName id={row.divisionId} />
                    </TableCell>
                    {metricColumns.map(({ key }) => (
                      <TableCell key={key} className="text-right">
                        <MetricNumber row={row} metric={key} filters={filters} />
                      </TableCell>
                    ))}
                    <TableCell className="tabular text-right">{formatCallTime(row.talkSeconds)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
              <tfoot className="border-t bg-subtle">
                <TableRow>
                  <TableCell className="sticky left-0 bg-subtle font-medium">Total</TableCell>
                  <TableCell />
                  {metricColumns.map(({ key }) => (
                    <TableCell key={key} className="tabular text-right font-medium">
                      {data.totals.counts[key]}
                      <Amount amounts={data.totals.amounts} metric={key} />
                    </TableCell>
                  ))}
                  <TableCell className="tabular text-right font-medium">
                    {formatCallTime(data.totals.talkSeconds)}
                  </TableCell>
                </TableRow>
              </tfoot>
            </Table>
          </div>
        </>
      )}
    </Card>
  )
}
