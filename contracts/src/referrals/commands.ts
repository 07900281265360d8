import { z } from 'zod'
import { mustChange, patchOf } from '../common/patch-schema'
import { dateTimeSchema } from '../common/date-time'
import { effortLevels, grades } from '../constants/contact-lookups'
import { timeZoneSchema } from '../tasks/commands'
import { referralMessages } from './messages'

const oneOf = (table: Record<number, string>, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .refine((id) => id in table, { message })

const subject = z
  .string({ error: referralMessages.subjectRequired })
  .trim()
  .min(1, referralMessages.subjectRequired)
  .max(300)
const note = z.string().trim().max(10_000).optional().nullable()
const divisionId = z
  .number({ error: referralMessages.divisionRequired })
  .int({ error: referralMessages.divisionRequired })
  .positive({ error: referralMessages.divisionRequired })
  .max(1_000_000)
const attentionTo = z.uuid({ error: referralMessages.attentionToRequired })

/**
 * POST /referral (docs/product.md 2 "referral form", 3 "Referral"): field names as the product spells them. The
 * sender's division is `divisionFrom`; `divisionId` is the division the contact is referred to. Without a due date
 * the grade sets it (17:00 plus the receiving division's days for the grade).
 */
export const createReferralSchema = z.object({
  contactId: z.uuid(),
  divisionId,
  subject,
  effort_level: oneOf(effortLevels, referralMessages.effortLevelRequired),
  grade: oneOf(grades, referralMessages.gradeRequired),
  attention_to: attentionTo,
  dueDate: dateTimeSchema({ error: referralMessages.dueDateRequired }).optional().nullable(),
  note,
  /** The sender's clock: "17:00" is local time. */
  timeZone: timeZoneSchema.optional(),
})
export type CreateReferral = z.infer<typeof createReferralSchema>

/** PATCH /referral/{id}: any subset; a grade sent without a due date moves the due date. */
export const updateReferralSchema = patchOf({
  subject,
  effort_level: oneOf(effortLevels, referralMessages.effortLevelRequired),
  grade: oneOf(grades, referralMessages.gradeRequired),
  dueDate: dateTimeSchema({ error: referralMessages.dueDateRequired }),
  /** Postpones the referral; null clears it. */
  delayDate: dateTimeSchema({ error: 'Please select a valid date' }).nullable(),
  note,
})
  .extend({ timeZone: timeZoneSchema.optional() })
  .refine(...mustChange('timeZone'))
export type UpdateReferral = z.infer<typeof updateReferralSchema>

/**
 * PATCH /referral/mark-as-read/{id}: the payment. Every field may be missing here: the rule naming the missing
 * ones is the referral's ('You must enter data for ... to be able to mark as read').
 */
export const markReferralReadSchema = z.object({
  paymentDate: dateTimeSchema({ error: 'Please select a valid payment date' }).optional().nullable(),
  paymentAmount: z
    .number({ error: 'Please enter a valid payment amount' })
    .min(0, referralMessages.amountNotNegative)
    .max(1_000_000_000)
    .optional()
    .nullable(),
  payee: z.string().trim().max(200).optional().nullable(),
})
export type MarkReferralRead = z.infer<typeof markReferralReadSchema>

/** PATCH /referral/update-attention-to/{id}: the receiving user the referral (and its task) goes to. */
export const updateReferralAttentionToSchema = z.object({ attention_to: attentionTo })
export type UpdateReferralAttentionTo = z.infer<typeof updateReferralAttentionToSchema>

export const referralCommandAnswerSchema = z.object({ id: z.string(), position: z.string() })
export const referralSentAnswerSchema = referralCommandAnswerSchema.extend({ taskId: z.string(), message: z.string() })
