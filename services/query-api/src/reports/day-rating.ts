import {
  expectationFor,
  expectationPeriods,
  formatCallTime,
  periodDays,
  productivityPercent,
  rangeInstants,
  ratingOf,
  type DayRatingLine,
  type UserExpectations,
} from '@crm/contracts'
import { sql, type Kysely } from 'kysely'

/**
 * Day Rating lines for one user and one of their calendar days: for the day and the week, month and year that
 * hold it, the activities they logged (active ones, every type) and their call time, against the expectation.
 */
export async function dayRatingLines(
  db: Kysely<unknown>,
  params: { userId: string; date: string; utcOffset: number; expectations: UserExpectations },
): Promise<DayRatingLine[]> {
  const { userId, date, utcOffset, expectations } = params
  const spans = expectationPeriods.map((period) => {
    const days = periodDays(period, date)
    return { period, days, instants: rangeInstants(days, utcOffset)! }
  })
  const year = spans[spans.length - 1]!.instants
  const columns = sql.join(
    spans.map(
      ({ period, instants }) => sql`
        count(*) filter (where f.occurred_at >= ${instants.from.toISOString()}::timestamptz
          and f.occurred_at < ${instants.toExclusive.toISOString()}::timestamptz)::int as ${sql.id(`${period}_n`)},
        coalesce(sum(f.call_seconds) filter (where f.occurred_at >= ${instants.from.toISOString()}::timestamptz
          and f.occurred_at < ${instants.toExclusive.toISOString()}::timestamptz), 0)::int as ${sql.id(`${period}_s`)}`,
    ),
  )
  const { rows } = await sql<Record<string, number>>`
    select ${columns} from report_sales_facts f
    where f.active and f.source = 'activity' and f.user_id = ${userId}::uuid
      and f.occurred_at >= ${year.from.toISOString()}::timestamptz
      and f.occurred_at < ${year.toExclusive.toISOString()}::timestamptz`.execute(db)
  const row = rows[0] ?? {}
  return spans.map(({ period, days }) => {
    const actual = row[`${period}_n`] ?? 0
    const expected = expectationFor(expectations, period)
    const percent = productivityPercent(actual, expected)
    const seconds = row[`${period}_s`] ?? 0
    return {
      period,
      ...days,
      calculatedActual: actual,
      calculatedExpectation: expected,
      percent,
      callSeconds: seconds,
      callTime: formatCallTime(seconds),
      rating: ratingOf(percent),
    }
  })
}

/** Today on the calendar of a user `utcOffset` minutes east of UTC. */
export const localToday = (now: Date, utcOffset: number) =>
  new Date(now.getTime() + utcOffset * 60_000).toISOString().slice(0, 10)
