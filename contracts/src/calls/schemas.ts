import { z } from 'zod'
import { pagedSchema } from '../common/list-query'

/** POST /users/rc-authorize: where the browser goes to sign in to RingCentral. */
export const rcAuthorizeAnswerSchema = z.object({ authorizeUrl: z.string() })

/** POST /users/rc-login: the code and state RingCentral sent back to /loginToRc. */
export const rcLoginSchema = z.object({
  code: z.string({ error: 'Authorization code is missing' }).trim().min(1, 'Authorization code is missing').max(2000),
  state: z.string({ error: 'State is missing' }).trim().min(1, 'State is missing').max(2000),
})
export const rcLoginAnswerSchema = z.object({ position: z.string(), expireTime: z.string() })

/** GET /users/userRcSession: whether calling is configured and the caller has a live session (never the tokens). */
export const rcSessionSchema = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  /** The access token's expiry; refreshed before it. */
  expireTime: z.string().nullable(),
  /** After this the user connects again. */
  refreshTokenExpireTime: z.string().nullable(),
  expired: z.boolean(),
  useExtensionToMakeCalls: z.boolean(),
})
export type RcSession = z.output<typeof rcSessionSchema>

const phoneNumber = z
  .string({ error: 'Please Enter Phone Number First' })
  .trim()
  .max(40)
  .refine((v) => v.replace(/\D/g, '').length > 0, 'Please Enter Phone Number First')

/** POST /click-to-call: ring the rep's phone, then the contact's number. */
export const placeCallSchema = z.object({ contactId: z.uuid(), phoneNumber })
export const placeCallAnswerSchema = z.object({ id: z.string(), activityId: z.string(), position: z.string() })

/** POST /click-to-call/set-call-with-activity: save the call's activity from the call window. */
export const saveCallActivitySchema = z.object({
  callId: z.uuid(),
  /** For an incoming call: the contact to log it on (a placed call has its contact). */
  contactId: z.uuid().optional(),
  subject: z.string({ error: 'Please Enter Subject' }).trim().min(1, 'Please Enter Subject').max(300),
  notes: z.string().trim().max(10_000).optional().nullable(),
  duration: z.number().int().min(0).max(86_400),
  outcome: z.enum(['Attempted', 'Answered']),
})
export type SaveCallActivityInput = z.input<typeof saveCallActivitySchema>

/** The call window's view of a call. */
export const callViewSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  activityId: z.string(),
  to: z.string(),
  /** Ringing your phone, Calling, Answered, Ended, No answer. */
  state: z.enum(['ringing-you', 'calling', 'answered', 'ended', 'no-answer']),
  started: z.boolean(),
  placedAt: z.string(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  saved: z.boolean(),
  closed: z.boolean(),
})
export type CallView = z.output<typeof callViewSchema>

/** GET /click-to-call (docs/product.md 7): the calls the caller placed, newest first, a page at a time. */
export const callListQuerySchema = z.object({
  first: z.coerce.number({ error: 'first must be a number' }).int().min(0).max(100_000).default(0),
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100).default(10),
  /** Only the calls to this contact (one the caller sees; any other is answered as missing). */
  contactId: z.uuid({ error: 'contactId must be a contact id' }).optional(),
})
export const callPageSchema = pagedSchema(callViewSchema)
export type CallPage = z.output<typeof callPageSchema>

/** GET /click-to-call/contacts-by-phone-number: the caller's contacts whose phone numbers match, digits only. */
export const contactsByPhoneQuerySchema = z.object({
  phoneNumber: z
    .string({ error: 'Please Enter Phone Number First' })
    .max(40)
    .refine((v) => v.replace(/\D/g, '').length >= 7, 'Please Enter Phone Number First'),
})
export const phoneMatchSchema = z.object({
  id: z.string(),
  name: z.string(),
  businessPhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  homePhone: z.string().nullable(),
  statusId: z.number().nullable(),
})
export type PhoneMatch = z.output<typeof phoneMatchSchema>
