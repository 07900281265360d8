import { z } from 'zod'
import { EXPECTATION_DAYS, expectationPeriods, type ExpectationPeriod } from '../users/expectations'
import type { UserExpectations } from '../users/users'

/**
 * Day Rating (the productivity report, modal day_rating): a user's expectations for the day, week, month and
 * year against what they did in the day, week (Monday-Sunday), month and year holding the chosen day.
 * docs/product.md 9: a week is 5 days, a month 20, a year 250; percent = actual / expected × 100 with two
 * decimals; call time h:mm:ss. docs/decisions/024.
 */
export const dayRatingQuerySchema = z.object({
  userId: z.uuid().optional(),
  /** The user's calendar day (YYYY-MM-DD); default today on the user's calendar. */
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please select date range!')
    .optional(),
  utcOffset: z.coerce.number().int().min(-840).max(840).default(0),
})
export type DayRatingQuery = z.infer<typeof dayRatingQuerySchema>

export const dayRatingLineSchema = z.object({
  period: z.enum(expectationPeriods as [ExpectationPeriod, ...ExpectationPeriod[]]),
  dateFrom: z.string(),
  dateTo: z.string(),
  /** Activities the user logged in the period (every type, active only). */
  calculatedActual: z.number(),
  /** The period's target: the user's own for the period, else the daily one scaled by 5 / 20 / 250. */
  calculatedExpectation: z.number(),
  /** actual / expected × 100, two decimals; null without a target. */
  percent: z.number().nullable(),
  callSeconds: z.number(),
  /** h:mm:ss */
  callTime: z.string(),
  rating: z.enum(['good', 'short', 'none']),
})
export type DayRatingLine = z.infer<typeof dayRatingLineSchema>

export const dayRatingSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  date: z.string(),
  lines: z.array(dayRatingLineSchema),
})
export type DayRating = z.infer<typeof dayRatingSchema>

/** The period's target: set for the period, else the day's times the period's working days; 0 when none. */
export function expectationFor(expectations: UserExpectations, period: ExpectationPeriod): number {
  const own = expectations[period]
  if (own !== undefined && own > 0) return own
  return (expectations.day ?? 0) * EXPECTATION_DAYS[period]
}

/** actual / expected × 100 rounded to two decimals (half away from zero); null when nothing is expected. */
export function productivityPercent(actual: number, expected: number): number | null {
  if (expected <= 0) return null
  return Math.round((actual * 10_000) / expected) / 100
}

/** Seconds as h:mm:ss (hours unbounded: a year of calls runs past 24 h). */
export function formatCallTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`
}

export const ratingOf = (percent: number | null): DayRatingLine['rating'] =>
  percent === null ? 'none' : percent >= 100 ? 'good' : 'short'

const DAY_MS = 86_400_000
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The calendar days of `period` holding `date` (weeks Monday to Sunday), inclusive. */
export function periodDays(period: ExpectationPeriod, date: string): { dateFrom: string; dateTo: string } {
  const at = Date.parse(`${date}T00:00:00Z`)
  const d = new Date(at)
  const y = d.getUTCFullYear()
  const m = d.getUTCMonth()
  switch (period) {
    case 'day':
      return { dateFrom: date, dateTo: date }
    case 'week': {
      const monday = at - ((d.getUTCDay() + 6) % 7) * DAY_MS
      return { dateFrom: ymd(monday), dateTo: ymd(monday + 6 * DAY_MS) }
    }
    case 'month':
      return { dateFrom: ymd(Date.UTC(y, m, 1)), dateTo: ymd(Date.UTC(y, m + 1, 1) - DAY_MS) }
    case 'year':
      return { dateFrom: ymd(Date.UTC(y, 0, 1)), dateTo: ymd(Date.UTC(y + 1, 0, 1) - DAY_MS) }
  }
}
