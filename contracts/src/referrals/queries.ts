import { z } from 'zod'
import { timeZoneSchema } from '../tasks/commands'

const id = z.coerce.number().int().positive().max(1_000_000)
const day = z.iso.date({ error: 'Invalid Date Range' })

/** GET /referral/is-referred: whether the contact was already referred to the division (the form is then read-only). */
export const isReferredQuerySchema = z.object({ contactId: z.uuid(), divisionId: id })
export const isReferredSchema = z.object({ isReferred: z.boolean(), referralId: z.string().nullable() })
export type IsReferred = z.infer<typeof isReferredSchema>

/** GET /referral/due-date: the due date a grade gives in a division (what the form shows when the grade changes). */
export const referralDueDateQuerySchema = z.object({
  divisionId: id,
  grade: z.coerce.number().int().min(0).max(1_000_000),
  timeZone: timeZoneSchema.optional(),
})
export const referralDueDateSchema = z.object({ dueDate: z.string() })

export const referralDirections = ['all', 'sent', 'received'] as const
export const referralPaymentStatuses = ['Paid', 'Unpaid'] as const

/**
 * GET /referral/get-referrals: the caller's division's referrals, sent and received, paged (pagination as the
 * contact lists: first and limit). `divisionId` is the other side's division; dates are days of `sentAt`.
 */
export const referralListQuerySchema = z.object({
  type: z.enum(referralDirections).default('all'),
  divisionId: id.optional(),
  status: z.coerce.number().int().min(1).max(2).optional(),
  paymentStatus: z.enum(referralPaymentStatuses).optional(),
  from: day.optional(),
  to: day.optional(),
  contactId: z.uuid().optional(),
  first: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
})
export type ReferralListQuery = z.infer<typeof referralListQuerySchema>

export const referralRowSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  contactName: z.string().nullable(),
  divisionId: z.number(),
  divisionName: z.string().nullable(),
  divisionFrom: z.number(),
  divisionFromName: z.string().nullable(),
  subject: z.string(),
  effort_level: z.number(),
  grade: z.number(),
  attention_to: z.string(),
  attentionToName: z.string().nullable(),
  sentBy: z.string(),
  sentByName: z.string().nullable(),
  sentAt: z.string(),
  dueDate: z.string(),
  delayDate: z.string().nullable(),
  note: z.string().nullable(),
  status: z.number(),
  taskId: z.string(),
  completedAt: z.string().nullable(),
  paymentDate: z.string().nullable(),
  paymentAmount: z.number().nullable(),
  payee: z.string().nullable(),
  payor: z.number().nullable(),
  payorName: z.string().nullable(),
  paymentStatus: z.string().nullable(),
  paymentEnteredBy: z.string().nullable(),
  paymentEnteredByName: z.string().nullable(),
})
export type ReferralRow = z.infer<typeof referralRowSchema>

export const referralPageSchema = z.object({ rows: z.array(referralRowSchema), total: z.number() })
export type ReferralPage = z.infer<typeof referralPageSchema>

/** One thing that happened to a referral, from its events (the referral timeline). */
export const referralHappeningSchema = z.object({
  type: z.string(),
  summary: z.string(),
  userName: z.string().nullable(),
  occurredAt: z.string(),
})
export const referralTimelineSchema = z.object({
  referrals: z.array(referralRowSchema.extend({ happenings: z.array(referralHappeningSchema) })),
})
export type ReferralTimeline = z.infer<typeof referralTimelineSchema>

/** GET /referral/attention-to-options: the active users of a division a referral may be addressed to. */
export const attentionToOptionsQuerySchema = z.object({ divisionId: id })
export const attentionToOptionsSchema = z.array(z.object({ userId: z.string(), name: z.string() }))
export type AttentionToOption = z.infer<typeof attentionToOptionsSchema>[number]
