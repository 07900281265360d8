import { z } from 'zod'
import { dateTimeSchema } from '../common/date-time'
import { emailStatuses } from '../constants/support-types'
import { emailHistoryTypeKeys, suppressionReasonKeys } from './history-types'
import { EMAIL_LIMITS, emailMessages } from './messages'

/** What a mail says, as a rep writes it (merge fields unfilled): shared by every send. */
export const draftShape = {
  templateId: z.uuid().optional().nullable(),
  subject: z
    .string({ error: emailMessages.subjectRequired })
    .trim()
    .min(1, emailMessages.subjectRequired)
    .max(EMAIL_LIMITS.subject),
  body: z
    .string({ error: emailMessages.bodyRequired })
    .trim()
    .min(1, emailMessages.bodyRequired)
    .max(EMAIL_LIMITS.body),
}

const message = {
  contactId: z.uuid(),
  ...draftShape,
  /** The rep saw that the address unsubscribed or reported abuse, and sends this one-to-one mail anyway. */
  confirmSuppressed: z.boolean().optional(),
}

/** POST /emails/send-email: one mail to the contact's address, now. Subject and body may hold merge fields. */
export const sendEmailSchema = z.object(message)
export type SendEmail = z.infer<typeof sendEmailSchema>

/** POST /emails/schedule-email: the same, sent at `sendingTime` (UTC); cancellable until it is sent. */
export const scheduleEmailSchema = z.object({
  ...message,
  sendingTime: dateTimeSchema({ error: emailMessages.sendingTimeRequired }),
})
export type ScheduleEmail = z.infer<typeof scheduleEmailSchema>

export const emailHistoryRowSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  contactName: z.string().nullable(),
  recipient: z.string(),
  subject: z.string(),
  templateName: z.string().nullable(),
  senderName: z.string().nullable(),
  status: z.enum(emailStatuses),
  marketing: z.boolean(),
  sendingTime: z.string(),
  sentAt: z.string().nullable(),
  clicks: z.number().int(),
  unsubscribed: z.boolean(),
  reportedAbuse: z.boolean(),
  mine: z.boolean(),
})
export type EmailHistoryRow = z.infer<typeof emailHistoryRowSchema>

const day = z.iso.date()

/** GET /emails/history: a page, filtered by history type (support type 26), sender, contact, template and date. */
export const emailHistoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  first: z.coerce.number().int().min(0).max(1_000_000).default(0),
  contactId: z.uuid().optional(),
  status: z.enum(emailStatuses).optional(),
  type: z.enum(emailHistoryTypeKeys).optional(),
  senderId: z.uuid().optional(),
  templateId: z.uuid().optional(),
  /** Days of the sending time (UTC), both included. */
  dateFrom: day.optional(),
  dateTo: day.optional(),
})
export type EmailHistoryQuery = z.infer<typeof emailHistoryQuerySchema>

/** The answer of the send and schedule routes. */
export const emailCommandAnswerSchema = z.object({ id: z.string(), position: z.string() })

/** GET /email-links/{token}: what the recipient's page shows, the one address and what it already did. */
export const recipientViewSchema = z.object({
  email: z.string(),
  unsubscribed: z.boolean(),
  reportedAbuse: z.boolean(),
})
export type RecipientView = z.infer<typeof recipientViewSchema>

/** POST /email-links/click/{token}: the link the recipient followed. */
export const clickSchema = z.object({ redirectLink: z.string().min(1).max(4000) })
/** POST /emails/add-click (docs/product.md 7): the same record of a click, with the message's token in the body. */
export const addClickSchema = clickSchema.extend({ token: z.string().min(1).max(100) })
export const clickAnswerSchema = z.object({ url: z.string() })
export const recipientAnswerSchema = z.object({ message: z.string() })

/** GET /emails/suppression/{contactId}: whether the contact's address gets no marketing email, and why. */
export const contactSuppressionSchema = z.object({
  suppressed: z.boolean(),
  address: z.string().nullable(),
  reason: z.enum(suppressionReasonKeys).nullable(),
  at: z.string().nullable(),
})
export type ContactSuppression = z.infer<typeof contactSuppressionSchema>
