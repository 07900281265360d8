import {
  amountMetricKeys,
  REPORT_EXPORT_LIMIT,
  salesMetricKeys,
  type SalesMetricAmounts,
  type ReportPeriod,
  type SalesMetricCounts,
  type SalesMetricReport,
  type SalesMetricRow,
} from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { amountOf, metricConditions, talkSeconds } from './metric-conditions'

export interface SalesMetricScope {
  period: ReportPeriod
  /** Undefined: every division (executives). */
  divisionId?: number
  /** Whose numbers the viewer reads, as a condition on a user id column. */
  users: (column: RawBuilder<unknown>) => RawBuilder<unknown>
  userId?: string
}

/** Who and where of a scope, on a table with user_id and division_id (alias `f`). */
function whoseOf(scope: SalesMetricScope): RawBuilder<unknown> {
  const { divisionId, userId } = scope
  return sql`f.user_id is not null
    ${divisionId === undefined ? sql`` : sql`and f.division_id = ${divisionId}`}
    ${userId === undefined ? sql`` : sql`and f.user_id = ${userId}::uuid`}
    and ${scope.users(sql`f.user_id`)}`
}

/** Active facts of a scope between two instants (alias `f`). */
const factsBetween = (scope: SalesMetricScope, from: Date, toExclusive: Date) =>
  sql`f.active and f.occurred_at >= ${from.toISOString()}::timestamptz
    and f.occurred_at < ${toExclusive.toISOString()}::timestamptz and ${whoseOf(scope)}`

/** The facts of a scope: active ones of its users in its division(s) and period (alias `f`). */
export const factsOf = (scope: SalesMetricScope) => factsBetween(scope, scope.period.from, scope.period.toExclusive)

const DAY_MS = 86_400_000
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * The whole UTC days inside a period, [first, end) as dates, when there is one: the period's first and last
 * instants cut a UTC day unless the viewer's offset is zero.
 */
export function wholeUtcDays(period: { from: Date; toExclusive: Date }) {
  const start = Math.ceil(period.from.getTime() / DAY_MS) * DAY_MS
  const end = Math.floor(period.toExclusive.getTime() / DAY_MS) * DAY_MS
  if (start >= end) return undefined
  return { start: new Date(start), end: new Date(end), first: utcDay(start), endExclusive: utcDay(end) }
}

const dimensions = sql`f.user_id, f.division_id, f.source, f.event_type, f.activity_type, f.call_outcome,
  f.from_status, f.to_status`
const factRows = (where: RawBuilder<unknown>) =>
  sql`select ${dimensions}, 1 as n, f.amount, f.call_seconds from report_sales_facts f where ${where}`

/**
 * What the report counts, as rows shaped like report_sales_day_counts (n facts each): the roll-up's rows for the
 * whole UTC days of the period, the facts of the cut days at its ends one by one (docs/decisions/038). Reading
 * `facts` counts every fact one by one, as before the roll-up (the tests' oracle).
 */
function countedRows(scope: SalesMetricScope, read: 'day-counts' | 'facts'): RawBuilder<unknown> {
  const { period } = scope
  const days = read === 'day-counts' ? wholeUtcDays(period) : undefined
  if (!days) return factRows(factsOf(scope))
  return sql`
    select ${dimensions}, f.n, f.amount, f.call_seconds from report_sales_day_counts f
    where f.day >= ${days.first}::date and f.day < ${days.endExclusive}::date and ${whoseOf(scope)}
    union all ${factRows(factsBetween(scope, period.from, days.start))}
    union all ${factRows(factsBetween(scope, days.end, period.toExclusive))}`
}

const countColumns = sql.join([
  ...salesMetricKeys.map((k) => sql`coalesce(sum(f.n) filter (where ${metricConditions[k]}), 0)::int as ${sql.id(k)}`),
  ...amountMetricKeys.map((k) => sql`${amountOf(k)} as ${sql.id(`${k}_amount`)}`),
])
const cents = (n: number) => Math.round(n * 100) / 100

/**
 * One row per salesperson and division: the facts counted per metric, and with a division chosen, every active
 * user of it the viewer reads, at zero when they did nothing (a manager sees who is idle). At most 1,000 rows.
 */
export async function salesMetricReport(
  db: Kysely<unknown>,
  scope: SalesMetricScope,
  read: 'day-counts' | 'facts' = 'day-counts',
): Promise<SalesMetricReport> {
  const { divisionId, userId } = scope
  const people =
    divisionId === undefined
      ? sql`select null::uuid as user_id, null::int as division_id where false`
      : sql`select u.user_id, ${divisionId}::int as division_id from users u
          where not u.disabled and u.division_id = ${divisionId}
            ${userId === undefined ? sql`` : sql`and u.user_id = ${userId}::uuid`}
            and ${scope.users(sql`u.user_id`)}`
  const { rows } = await sql<Record<string, unknown>>`
    with agg as (
      select f.user_id, f.division_id, ${countColumns}, ${talkSeconds} as talk_seconds
      from (${countedRows(scope, read)}) f
      group by f.user_id, f.division_id
    ), people as (${people})
    select a.*, coalesce(a.user_id, p.user_id)::text as whose, coalesce(a.division_id, p.division_id) as division,
      coalesce(u.name, u.email, '') as user_name
    from agg a full join people p on p.user_id = a.user_id and p.division_id = a.division_id
    left join users u on u.user_id = coalesce(a.user_id, p.user_id)
    order by user_name, division
    limit ${REPORT_EXPORT_LIMIT}`.execute(db)
  const reportRows = rows.map((r): SalesMetricRow => ({
    userId: r.whose as string,
    userName: r.user_name as string,
    divisionId: r.division as number,
    counts: Object.fromEntries(salesMetricKeys.map((k) => [k, (r[k] as number | null) ?? 0])) as SalesMetricCounts,
    amounts: Object.fromEntries(
      amountMetricKeys.map((k) => [k, cents((r[`${k}_amount`] as number | null) ?? 0)]),
    ) as SalesMetricAmounts,
    talkSeconds: (r.talk_seconds as number | null) ?? 0,
  }))
  const totals = {
    counts: Object.fromEntries(
      salesMetricKeys.map((k) => [k, reportRows.reduce((sum, row) => sum + row.counts[k], 0)]),
    ) as SalesMetricCounts,
    amounts: Object.fromEntries(
      amountMetricKeys.map((k) => [k, cents(reportRows.reduce((sum, row) => sum + row.amounts[k], 0))]),
    ) as SalesMetricAmounts,
    talkSeconds: reportRows.reduce((sum, row) => sum + row.talkSeconds, 0),
  }
  return { dateFrom: scope.period.dateFrom, dateTo: scope.period.dateTo, rows: reportRows, totals }
}
