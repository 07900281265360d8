import { z } from 'zod'
import { dateTimeSchema } from '../common/date-time'
import { contactListMessages } from '../contact-lists/messages'
import { emailMessages } from './messages'
import { draftShape } from './sending'

/**
 * Marketing sends (docs/product.md 7 "Email marketing"): one template or draft to a selection of contacts, from
 * the contacts table's selected rows or from the email-marketing filters (Advanced Search category 24). Each
 * recipient gets a message of their own, queued through the job system; unsubscribed and abuse-reporting
 * addresses are skipped and counted.
 */
export const MARKETING_LIMITS = {
  /** Contacts in one send: a body of this many ids stays under the API's request size. */
  recipients: 20_000,
  /** Recipients composed and queued together, and recorded as one step of the send's progress. */
  chunk: 500,
} as const

/** POST /emails/marketing-sends. Without sendingTime the messages go out now. */
export const marketingSendSchema = z.object({
  contactIds: z
    .array(z.uuid())
    .max(MARKETING_LIMITS.recipients)
    .refine((ids) => ids.length > 0, contactListMessages.noContactsSelected),
  ...draftShape,
  sendingTime: dateTimeSchema({ error: emailMessages.sendingTimeRequired }).optional(),
})
export type MarketingSend = z.infer<typeof marketingSendSchema>

/** Where a marketing send stands: recipients are being composed and queued, or all of them are queued. */
export const campaignStates = ['preparing', 'queued'] as const
export type CampaignState = (typeof campaignStates)[number]

/** The counts of a send: what became of each contact named, and of each message queued. */
export const campaignCountsSchema = z.object({
  /** Contacts named by the send. */
  total: z.number().int(),
  /** Contacts looked at so far (all of them once queued). */
  processed: z.number().int(),
  /** Messages queued, one per recipient. */
  queued: z.number().int(),
  /** Unsubscribed or abuse-reporting addresses: never mailed by a marketing send. */
  skipped: z.number().int(),
  /** Contacts without an email address. */
  noEmail: z.number().int(),
  /** Contacts deleted, or no longer the sender's to see, by the time they were queued. */
  unavailable: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
})
export type CampaignCounts = z.infer<typeof campaignCountsSchema>

export const campaignRowSchema = campaignCountsSchema.extend({
  id: z.string(),
  subject: z.string(),
  templateName: z.string().nullable(),
  senderName: z.string().nullable(),
  state: z.enum(campaignStates),
  sendingTime: z.string(),
  createdAt: z.string(),
  mine: z.boolean(),
})
export type CampaignRow = z.infer<typeof campaignRowSchema>

export const campaignListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  first: z.coerce.number().int().min(0).max(1_000_000).default(0),
})

/** GET /emails/marketing-audience: who a send to the filtered contacts would reach, before it is sent. */
export const marketingAudienceSchema = z.object({
  /** Contacts the filter finds (the caller's to see). */
  contacts: z.number().int(),
  /** Of those, with an email address. */
  withEmail: z.number().int(),
  /** Of those, unsubscribed or reported abuse: they will be skipped. */
  suppressed: z.number().int(),
  /** The contacts with an email address, at most MARKETING_LIMITS.recipients: what the send names. */
  contactIds: z.array(z.string()),
  /** More contacts with an email than one send may name: narrow the filters. */
  capped: z.boolean(),
})
export type MarketingAudience = z.infer<typeof marketingAudienceSchema>

export const marketingMessages = {
  campaignNotFound: 'Marketing send not found',
  queued: (n: number) => `Marketing email queued for ${n} ${n === 1 ? 'contact' : 'contacts'}`,
  noneSendable: 'None of the selected contacts can be mailed',
  suppressedConfirm: (reason: 'unsubscribed' | 'abuse') =>
    reason === 'abuse'
      ? 'This address reported abuse and gets no marketing email. Send this direct email anyway?'
      : 'This address unsubscribed and gets no marketing email. Send this direct email anyway?',
  suppressedRefused: 'This address unsubscribed or reported abuse: confirm to send it a direct email',
} as const
