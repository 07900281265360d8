import { z } from 'zod'
import { drillPageQuery } from './sales-metrics'

/**
 * Account insights (GET /accounts-insights/*, docs/product.md 3 "Insights"): a division's accounts (contacts in
 * status Account there) split by preferred language (nationality), company type, company size (trucks) and
 * company age (date established), and the top ten accounts by a stated measure. Each slice opens its accounts
 * (accounts_insights_contacts_modal). docs/decisions/036.
 */
export const insightKinds = {
  nationality: 'Preferred language',
  companyType: 'Company type',
  companySize: 'Company size (trucks)',
  companyAge: 'Company age',
} as const
export type InsightKind = keyof typeof insightKinds
export const insightKindIds = Object.keys(insightKinds) as InsightKind[]
/** The path segment of each insight (kebab case, as the product's other paths). */
export const insightPaths: Record<InsightKind, string> = {
  nationality: 'nationality',
  companyType: 'company-type',
  companySize: 'company-size',
  companyAge: 'company-age',
}

/** Slices of company size: the auto-rating bounds of docs/product.md 9 (35 and 75 trucks) among them. */
export const truckBuckets = [
  { key: '1-2', label: '1-2 trucks', min: 1, max: 2 },
  { key: '3-5', label: '3-5 trucks', min: 3, max: 5 },
  { key: '6-10', label: '6-10 trucks', min: 6, max: 10 },
  { key: '11-35', label: '11-35 trucks', min: 11, max: 35 },
  { key: '36-75', label: '36-75 trucks', min: 36, max: 75 },
  { key: '76+', label: '76+ trucks', min: 76, max: null },
] as const

/** Slices of company age in whole years since the date established, on the day asked. */
export const ageBuckets = [
  { key: '0-1', label: 'Under 2 years', min: 0, max: 1 },
  { key: '2-4', label: '2-4 years', min: 2, max: 4 },
  { key: '5-9', label: '5-9 years', min: 5, max: 9 },
  { key: '10-19', label: '10-19 years', min: 10, max: 19 },
  { key: '20+', label: '20 years or more', min: 20, max: null },
] as const

/** The slice of accounts with no value for the insight (no trucks given, no date established...). */
export const UNKNOWN_SLICE = 'unknown'

export const topTenMeasures = {
  wonAmount: 'Won opportunity amount (all time)',
  activities: 'Activities in the last 12 months',
  loadPay: 'Load pay (all loads)',
} as const
export type TopTenMeasure = keyof typeof topTenMeasures

const divisionId = z.coerce.number().int().min(1).max(1_000_000_000).optional()

/** Whose accounts: a division (executives pick; others read their own) and, if given, one assigned user. */
export const insightQuerySchema = z.object({ divisionId, userId: z.uuid().optional() })
export type InsightQuery = z.infer<typeof insightQuerySchema>

export const insightSliceSchema = z.object({
  /** The slice's key: a lookup id, a bucket key, or 'unknown'. */
  key: z.string(),
  label: z.string(),
  count: z.number(),
})
export type InsightSlice = z.infer<typeof insightSliceSchema>
export const insightSchema = z.object({
  kind: z.enum(insightKindIds as [InsightKind, ...InsightKind[]]),
  divisionId: z.number(),
  total: z.number(),
  slices: z.array(insightSliceSchema),
})
export type Insight = z.infer<typeof insightSchema>

export const topTenQuerySchema = insightQuerySchema.extend({
  measure: z.enum(Object.keys(topTenMeasures) as [TopTenMeasure, ...TopTenMeasure[]]).default('wonAmount'),
})
export const topTenSchema = z.object({
  measure: z.string(),
  measureLabel: z.string(),
  divisionId: z.number(),
  rows: z.array(z.object({ contactId: z.string(), name: z.string(), value: z.number() })),
})
export type TopTen = z.infer<typeof topTenSchema>

/** The accounts of one slice, paged. */
export const insightContactsQuerySchema = insightQuerySchema.extend({
  kind: z.enum(insightKindIds as [InsightKind, ...InsightKind[]]),
  key: z.string().min(1).max(20),
  ...drillPageQuery,
})
export type InsightContactsQuery = z.infer<typeof insightContactsQuerySchema>

/** A contact row of the report drill-downs (insights, the map): what a manager needs to pick up the phone. */
export const reportContactRowSchema = z.object({
  contactId: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  statusId: z.number(),
  numberOfTrucks: z.number().nullable(),
  assignedName: z.string().nullable(),
  businessPhone: z.string().nullable(),
})
export type ReportContactRow = z.infer<typeof reportContactRowSchema>
export const reportContactsPageSchema = z.object({ rows: z.array(reportContactRowSchema), total: z.number() })
export type ReportContactsPage = z.infer<typeof reportContactsPageSchema>
