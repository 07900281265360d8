import { z } from 'zod'
import { opportunityRowSchema, prospectStages } from './opportunities'

export * from './dashboard-filter'

/**
 * The opportunity dashboard (docs/product.md 2 and 7, GET /dashboard-opportunity; docs/decisions/029): one
 * division's pipeline for one salesperson (or, for those who see others, all of them) over a range of days.
 * An opportunity counts on its close day: the day it was closed (won or lost), else its expected close date.
 */
/** The dashboard's filters as they travel (query string, the page's address): text, checked by the rules below. */
export const dashboardFilterQuery = {
  divisionId: z.string().max(12).optional(),
  userId: z.string().max(40).optional(),
  dateFrom: z.string().max(20).optional(),
  dateTo: z.string().max(20).optional(),
}
export const dashboardQuerySchema = z.object(dashboardFilterQuery)

/** What a drill-down lists: one stage (stage_prospects_modal), or every open / every one (dashboard_opportunities_modal). */
export const dashboardSlices = ['1', '2', '3', '4', '5', '6', '7', 'open', 'all'] as const
export type DashboardSlice = (typeof dashboardSlices)[number]
export const OPEN_STAGES = [1, 2, 3, 4, 5] as const

export const sliceLabel = (slice: DashboardSlice): string =>
  slice === 'open'
    ? 'Open pipeline'
    : slice === 'all'
      ? 'All opportunities'
      : prospectStages[Number(slice) as keyof typeof prospectStages]

export const dashboardDrillQuerySchema = z.object({
  ...dashboardFilterQuery,
  slice: z.enum(dashboardSlices),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  first: z.coerce.number().int().min(0).max(10_000_000).default(0),
})
export type DashboardDrillQuery = z.infer<typeof dashboardDrillQuerySchema>

const money = z.number()
const total = z.object({ count: z.number().int(), amount: money, weightedAmount: money })
export type DashboardTotal = z.infer<typeof total>

export const trendUnits = ['week', 'month', 'year'] as const
export type TrendUnit = (typeof trendUnits)[number]

export const dashboardSchema = z.object({
  divisionId: z.number(),
  /** The salesperson, or null for all of them. */
  userId: z.string().nullable(),
  dateFrom: z.string(),
  dateTo: z.string(),
  /** Every stage 1-7, in order, with zeros where none. */
  stages: z.array(total.extend({ stage: z.number().int(), name: z.string() })),
  open: total,
  won: total,
  lost: total,
  all: total,
  /** Won of those closed, in percent with two decimals; null while none is closed. */
  winRate: z.number().nullable(),
  trend: z.object({
    unit: z.enum(trendUnits),
    points: z.array(
      z.object({ period: z.string(), openAmount: money, weightedAmount: money, wonAmount: money, lostAmount: money }),
    ),
  }),
})
export type OpportunityDashboard = z.infer<typeof dashboardSchema>

export const dashboardOpportunityRowSchema = opportunityRowSchema.extend({
  /** The day it was won or lost (the sales floor's calendar); null while open. */
  closedOn: z.string().nullable(),
})
export type DashboardOpportunityRow = z.infer<typeof dashboardOpportunityRowSchema>
export const dashboardDrillPageSchema = z.object({
  rows: z.array(dashboardOpportunityRowSchema),
  total: z.number().int(),
})
export type DashboardDrillPage = z.infer<typeof dashboardDrillPageSchema>

/** The export's limit: the reports' (docs/product.md 9). */
export const DASHBOARD_EXPORT_LIMIT = 1000

const DAY = 86_400_000
const dayOf = (d: Date) => d.toISOString().slice(0, 10)

/** The first day of the trend period holding `day`: a Monday, the 1st of a month or of a year. */
export function periodStart(day: string, unit: TrendUnit): string {
  if (unit === 'year') return `${day.slice(0, 4)}-01-01`
  if (unit === 'month') return `${day.slice(0, 7)}-01`
  const date = new Date(`${day}T00:00:00Z`)
  return dayOf(new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * DAY))
}

/**
 * The trend's periods over a range: weeks (starting Monday, docs/product.md 9) up to 13 weeks, months up to
 * three years, years beyond; every period of the range is listed, empty ones too, so the chart has no gaps.
 */
export function trendPeriods(dateFrom: string, dateTo: string): { unit: TrendUnit; periods: string[] } {
  const span = (Date.parse(dateTo) - Date.parse(dateFrom)) / DAY + 1
  const unit: TrendUnit = span <= 92 ? 'week' : span <= 1096 ? 'month' : 'year'
  const periods: string[] = []
  let at = periodStart(dateFrom, unit)
  while (at <= dateTo) {
    periods.push(at)
    const d = new Date(`${at}T00:00:00Z`)
    if (unit === 'week') d.setUTCDate(d.getUTCDate() + 7)
    else if (unit === 'month') d.setUTCMonth(d.getUTCMonth() + 1)
    else d.setUTCFullYear(d.getUTCFullYear() + 1)
    at = dayOf(d)
  }
  return { unit, periods }
}
