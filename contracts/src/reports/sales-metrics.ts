import { z } from 'zod'
import { activitySummaryRanges, rangeInstants, summaryRange, type DateRange } from '../activities/summary'

/**
 * The sales metrics report (GET /reports/sales-metric, docs/product.md 7): per salesperson and division, the
 * counts a sales manager reads over one of the report periods 1-8 (this/last week, month, quarter, year; weeks
 * start Monday) or a custom range of the viewer's calendar days (utcOffset). docs/decisions/024.
 *
 * Each metric is counted from one kind of fact of the report read model; `drill` names the modal listing the
 * records behind the number (sales_metric_activities or sales_metric_contacts), which has as many rows.
 */
export const salesMetrics = {
  calls: { label: 'Calls', drill: 'activities' },
  callsAttempted: { label: 'Attempted', drill: 'activities' },
  callsAnswered: { label: 'Answered', drill: 'activities' },
  emails: { label: 'Emails', drill: 'activities' },
  texts: { label: 'Texts', drill: 'activities' },
  meetings: { label: 'Meetings', drill: 'activities' },
  newLeads: { label: 'New leads', drill: 'contacts' },
  leadToProspect: { label: 'Lead → Prospect', drill: 'contacts' },
  prospectToAccount: { label: 'Prospect → Account', drill: 'contacts' },
  givenUp: { label: 'Gave up', drill: 'contacts' },
  dead: { label: 'Dead', drill: 'contacts' },
  notQualified: { label: 'Not qualified', drill: 'contacts' },
  referralsSent: { label: 'Referrals sent', drill: 'contacts' },
  referralsReceived: { label: 'Referrals received', drill: 'contacts' },
  opportunitiesCreated: { label: 'Opportunities created', drill: 'contacts' },
  opportunitiesWon: { label: 'Opportunities won', drill: 'contacts' },
} as const satisfies Record<string, { label: string; drill: 'activities' | 'contacts' }>
export type SalesMetric = keyof typeof salesMetrics
export const salesMetricKeys = Object.keys(salesMetrics) as SalesMetric[]
export const activityMetricKeys = salesMetricKeys.filter((k) => salesMetrics[k].drill === 'activities')
export const contactMetricKeys = salesMetricKeys.filter((k) => salesMetrics[k].drill === 'contacts')
/** The metrics that carry money: the sum of their records' amounts sits beside the count. */
export const amountMetricKeys = ['opportunitiesCreated', 'opportunitiesWon'] as const satisfies SalesMetric[]
export type AmountMetric = (typeof amountMetricKeys)[number]

export const reportMessages = {
  /** docs/product.md 5, verbatim. */
  selectDateRange: 'Please select date range!',
  userNotFound: 'User not found',
  /** A division the caller may not ask a report for, answered as a missing one. */
  divisionNotFound: 'Division not found',
} as const

/** The report periods of docs/product.md 3 (1-8); the activity summaries share their first eight ranges. */
export const reportRanges = {
  1: activitySummaryRanges[1],
  2: activitySummaryRanges[2],
  3: activitySummaryRanges[3],
  4: activitySummaryRanges[4],
  5: activitySummaryRanges[5],
  6: activitySummaryRanges[6],
  7: activitySummaryRanges[7],
  8: activitySummaryRanges[8],
} as const
export type ReportRangeId = keyof typeof reportRanges
export const reportRangeIds = Object.keys(reportRanges).map(Number) as ReportRangeId[]

const utcOffset = z.coerce.number().int().min(-840).max(840).default(0)
const day = z.string().max(20).optional()

/** Range 1-8, or dateFrom and dateTo (YYYY-MM-DD, inclusive); neither is 'Please select date range!'. */
export const reportPeriodQuery = {
  range: z.coerce.number().int().min(1).max(8).optional(),
  dateFrom: day,
  dateTo: day,
  utcOffset,
}

export interface ReportPeriod {
  dateFrom: string
  dateTo: string
  from: Date
  toExclusive: Date
}

/** The days and instants a report covers, or undefined when no valid range was given. */
export function reportPeriod(
  query: { range?: number; dateFrom?: string; dateTo?: string; utcOffset: number },
  now: Date,
): ReportPeriod | undefined {
  const days: Partial<DateRange> =
    query.range === undefined
      ? { dateFrom: query.dateFrom, dateTo: query.dateTo }
      : summaryRange(query.range as ReportRangeId, now, query.utcOffset)
  const instants = rangeInstants(days, query.utcOffset)
  if (!instants) return undefined
  return { dateFrom: days.dateFrom!, dateTo: days.dateTo!, ...instants }
}

export const salesMetricQuerySchema = z.object({
  ...reportPeriodQuery,
  /** Executives pick any division; everyone else reads their own (the division switcher's). */
  divisionId: z.coerce.number().int().min(1).max(1_000_000_000).optional(),
  userId: z.uuid().optional(),
})
export type SalesMetricQuery = z.infer<typeof salesMetricQuerySchema>

const counts = z.object(
  Object.fromEntries(salesMetricKeys.map((k) => [k, z.number()])) as Record<SalesMetric, z.ZodNumber>,
)
export type SalesMetricCounts = z.infer<typeof counts>
/** Dollars of the opportunities counted (two decimals). */
const amounts = z.object({ opportunitiesCreated: z.number(), opportunitiesWon: z.number() })
export type SalesMetricAmounts = z.infer<typeof amounts>

export const salesMetricRowSchema = z.object({
  userId: z.string(),
  userName: z.string(),
  divisionId: z.number(),
  counts,
  amounts,
  /** Seconds on calls (outgoing and incoming, every outcome). */
  talkSeconds: z.number(),
})
export type SalesMetricRow = z.infer<typeof salesMetricRowSchema>

export const salesMetricReportSchema = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  rows: z.array(salesMetricRowSchema),
  totals: z.object({ counts, amounts, talkSeconds: z.number() }),
})
export type SalesMetricReport = z.infer<typeof salesMetricReportSchema>

/** The records behind one number: whose, in which division, which metric, same period. */
/** A page of a report's drill-down: up to 100 rows from `first`. */
export const drillPageQuery = {
  limit: z.coerce.number().int().min(1).max(100).default(25),
  first: z.coerce.number().int().min(0).max(1_000_000).default(0),
}

export const salesMetricDrillQuerySchema = z.object({
  ...reportPeriodQuery,
  metric: z.enum(salesMetricKeys as [SalesMetric, ...SalesMetric[]]),
  userId: z.uuid(),
  divisionId: z.coerce.number().int().min(1).max(1_000_000_000),
  ...drillPageQuery,
})
export type SalesMetricDrillQuery = z.infer<typeof salesMetricDrillQuerySchema>

export const salesMetricActivityRowSchema = z.object({
  activityId: z.string(),
  contactId: z.string(),
  contactName: z.string(),
  activityType: z.number(),
  subject: z.string(),
  occurredAt: z.string(),
  callSeconds: z.number().nullable(),
  callOutcome: z.string().nullable(),
})
export type SalesMetricActivityRow = z.infer<typeof salesMetricActivityRowSchema>
export const salesMetricActivitiesPageSchema = z.object({
  rows: z.array(salesMetricActivityRowSchema),
  total: z.number(),
})

export const salesMetricContactRowSchema = z.object({
  factId: z.string(),
  contactId: z.string(),
  contactName: z.string(),
  occurredAt: z.string(),
  fromStatusId: z.number().nullable(),
  toStatusId: z.number().nullable(),
  /** Referrals: their subject; opportunities: their name. */
  detail: z.string().nullable(),
  /** Opportunities: their amount in dollars. */
  amount: z.number().nullable(),
})
export type SalesMetricContactRow = z.infer<typeof salesMetricContactRowSchema>
export const salesMetricContactsPageSchema = z.object({
  rows: z.array(salesMetricContactRowSchema),
  total: z.number(),
})
