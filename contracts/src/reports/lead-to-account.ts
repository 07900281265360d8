import { z } from 'zod'

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM')
  .describe('A calendar month, YYYY-MM (UTC)')

/**
 * Time from Lead to Account: for each month, division and prospect source, how many contacts reached Account in
 * a division and how long they took from first becoming a Lead there. A report added by replay (decision 032).
 */
export const leadToAccountQuerySchema = z.object({
  monthFrom: month.optional(),
  monthTo: month.optional(),
  divisionId: z.coerce.number().int().positive().optional(),
})
export type LeadToAccountQuery = z.infer<typeof leadToAccountQuerySchema>

export const leadToAccountRowSchema = z.object({
  month: z.string(),
  divisionId: z.number(),
  divisionName: z.string(),
  /** The prospect source chosen at Lead → Prospect; null when the contact skipped that step. */
  prospectSource: z.number().nullable(),
  sourceName: z.string(),
  contacts: z.number(),
  averageDays: z.number(),
  medianDays: z.number(),
  fastestDays: z.number(),
  slowestDays: z.number(),
})
export type LeadToAccountRow = z.infer<typeof leadToAccountRowSchema>

export const leadToAccountReportSchema = z.object({
  rows: z.array(leadToAccountRowSchema),
  /** Every contact in the rows: their count and median, over all months, divisions and sources. */
  total: z.object({ contacts: z.number(), averageDays: z.number().nullable(), medianDays: z.number().nullable() }),
})
export type LeadToAccountReport = z.infer<typeof leadToAccountReportSchema>
