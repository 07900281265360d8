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
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { DataTable } from '../../components/data-table/data-table'
import { DivisionName } from '../../components/division-name'
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

const col = createColumnHelper<SalesMetricRow>()
type Totals = { counts: Record<SalesMetric, number>; amounts: SalesMetricAmounts; talkSeconds: number }

/** A salesperson per row (their Day Rating on the name), a number per metric, talk time, and the totals. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function salesMetricColumns(filters: SalesMetricFilters, totals: Totals): ColumnDef<SalesMetricRow, any>[] {
  return [
    col.accessor('userName', {
      header: 'Salesperson',
      cell: ({ row }) => <PersonButton row={row.original} />,
      footer: 'Total',
      meta: { sticky: true, card: 'title' },
    }),
    col.accessor('divisionId', {
      header: 'Division',
      cell: ({ getValue }) => <DivisionName id={getValue()} />,
      footer: () => null,
      meta: { card: 1 },
    }),
    ...metricColumns.map(({ key, short }, i) =>
      col.display({
        id: key,
        header: short,
        cell: ({ row }) => <MetricNumber row={row.original} metric={key} filters={filters} />,
        footer: () => (
          <>
            {totals.counts[key]}
            <Amount amounts={totals.amounts} metric={key} />
          </>
        ),
        meta: { className: 'tabular text-right', headerTitle: metricLabel(key), card: i + 2 },
      }),
    ),
    col.accessor('talkSeconds', {
      header: 'Talk time',
      cell: ({ getValue }) => formatCallTime(getValue()),
      footer: () => formatCallTime(totals.talkSeconds),
      meta: { className: 'tabular text-right', card: metricColumns.length + 2 },
    }),
  ]
}

/** The report of a complete period: a table, or a card per salesperson on a phone. */
export function SalesMetricsTable({ filters }: { filters: SalesMetricFilters }) {
  const { data } = useSuspenseQuery(salesMetricQuery(filters))
  return (
    <DataTable
      label="Sales metrics"
      heading={`${formatDate(data.dateFrom)} – ${formatDate(data.dateTo)}`}
      columns={salesMetricColumns(filters, data.totals)}
      getRowId={(r) => `${r.userId}-${r.divisionId}`}
      data={data}
    />
  )
}
