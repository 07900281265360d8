import { z } from 'zod'
import { activityMessages } from './messages'

/**
 * GET /activity/summary/{id}: the caller's activities counted per activity type over one of twelve date
 * ranges (the dashboard loads the twelve one second apart, docs/product.md 9). Ids 1-8 are the report periods of
 * docs/product.md 3 (this/last week, month, quarter, year; weeks start Monday, docs/product.md 9); 9-12 are the short
 * ranges a rep looks at daily. Days are the user's calendar days (utcOffset), ranges inclusive.
 */
export const activitySummaryRanges = {
  1: 'This week',
  2: 'Last week',
  3: 'This month',
  4: 'Last month',
  5: 'This quarter',
  6: 'Last quarter',
  7: 'This year',
  8: 'Last year',
  9: 'Today',
  10: 'Yesterday',
  11: 'Last 7 days',
  12: 'Last 30 days',
} as const
export type ActivitySummaryId = keyof typeof activitySummaryRanges
export const activitySummaryIds = Object.keys(activitySummaryRanges).map(Number) as ActivitySummaryId[]

export type DateRange = { dateFrom: string; dateTo: string }

const DAY_MS = 86_400_000
const ymd = (utcMs: number) => new Date(utcMs).toISOString().slice(0, 10)

/** The range of summary `id` on the calendar of a user `utcOffset` minutes east of UTC, as YYYY-MM-DD days. */
export function summaryRange(id: ActivitySummaryId, now: Date, utcOffset = 0): DateRange {
  // Local midnight of today, expressed as a UTC timestamp of the same wall-clock date.
  const local = new Date(now.getTime() + utcOffset * 60_000)
  const y = local.getUTCFullYear()
  const m = local.getUTCMonth()
  const today = Date.UTC(y, m, local.getUTCDate())
  const monday = today - ((local.getUTCDay() + 6) % 7) * DAY_MS
  const q = Math.floor(m / 3) * 3
  const span = (from: number, toExclusive: number): DateRange => ({
    dateFrom: ymd(from),
    dateTo: ymd(toExclusive - DAY_MS),
  })
  switch (id) {
    case 1:
      return span(monday, monday + 7 * DAY_MS)
    case 2:
      return span(monday - 7 * DAY_MS, monday)
    case 3:
      return span(Date.UTC(y, m, 1), Date.UTC(y, m + 1, 1))
    case 4:
      return span(Date.UTC(y, m - 1, 1), Date.UTC(y, m, 1))
    case 5:
      return span(Date.UTC(y, q, 1), Date.UTC(y, q + 3, 1))
    case 6:
      return span(Date.UTC(y, q - 3, 1), Date.UTC(y, q, 1))
    case 7:
      return span(Date.UTC(y, 0, 1), Date.UTC(y + 1, 0, 1))
    case 8:
      return span(Date.UTC(y - 1, 0, 1), Date.UTC(y, 0, 1))
    case 9:
      return span(today, today + DAY_MS)
    case 10:
      return span(today - DAY_MS, today)
    case 11:
      return span(today - 6 * DAY_MS, today + DAY_MS)
    case 12:
      return span(today - 29 * DAY_MS, today + DAY_MS)
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * A date range a user picked, as the instants it covers: [from, toExclusive). Undefined when a day is
 * missing, not a real date, or the range runs backwards ('Please select date range!').
 */
export function rangeInstants(range: Partial<DateRange>, utcOffset = 0): { from: Date; toExclusive: Date } | undefined {
  const { dateFrom, dateTo } = range
  if (!dateFrom || !dateTo || !DAY.test(dateFrom) || !DAY.test(dateTo)) return undefined
  const from = Date.parse(`${dateFrom}T00:00:00Z`)
  const to = Date.parse(`${dateTo}T00:00:00Z`)
  // Date.parse rolls 2025-02-30 over; a day that does not round-trip is not a real date.
  if (Number.isNaN(from) || Number.isNaN(to) || ymd(from) !== dateFrom || ymd(to) !== dateTo || to < from) {
    return undefined
  }
  const shift = utcOffset * 60_000
  return { from: new Date(from - shift), toExclusive: new Date(to + DAY_MS - shift) }
}

const utcOffset = z.coerce.number().int().min(-840).max(840).default(0)

/** GET /activity/summary/{id} query: whose activities (managers: a user of their division; default the caller). */
export const activitySummaryQuerySchema = z.object({ userId: z.uuid().optional(), utcOffset })

export const activitySummarySchema = z.object({
  summaryId: z.number(),
  label: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  userId: z.string(),
  /** One entry per activity type, zeros included, in type order. */
  counts: z.array(z.object({ activityType: z.number(), count: z.number() })),
  total: z.number(),
  /** Seconds on calls (outgoing and incoming) in the range. */
  callDuration: z.number(),
})
export type ActivitySummary = z.infer<typeof activitySummarySchema>

/**
 * GET /activity/summary/contacts: the contacts behind a summary cell (activity_summary_contacts_modal). The
 * range is required and checked by the route ('Please select date range!'), so its fields are loose here.
 */
export const summaryContactsQuerySchema = z.object({
  dateFrom: z.string({ error: activityMessages.selectDateRange }).max(20),
  dateTo: z.string({ error: activityMessages.selectDateRange }).max(20),
  activityType: z.coerce.number().int().optional(),
  userId: z.uuid().optional(),
  utcOffset,
  limit: z.coerce.number().int().min(1).max(100).default(10),
  first: z.coerce.number().int().min(0).default(0),
})

export const summaryContactRowSchema = z.object({
  contactId: z.string(),
  name: z.string(),
  activities: z.number(),
  lastActivityAt: z.string(),
})
export type SummaryContactRow = z.infer<typeof summaryContactRowSchema>
export const summaryContactsPageSchema = z.object({ rows: z.array(summaryContactRowSchema), total: z.number() })
