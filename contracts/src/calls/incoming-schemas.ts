import { z } from 'zod'

const text = (max: number) => z.string().max(max)
const party = z.object({
  phoneNumber: text(60).optional(),
  name: text(200).optional(),
  extensionId: text(60).optional(),
})

/**
 * POST /click-to-call/incoming-calls: RingCentral's webhook. Its address check sends no body (only the
 * Validation-Token header); a notification of the rep's telephony sessions carries the parties of the call.
 */
export const telephonyNotificationSchema = z
  .object({
    uuid: text(100).optional(),
    subscriptionId: text(100).optional(),
    ownerId: text(60).optional(),
    body: z
      .object({
        telephonySessionId: text(200),
        eventTime: text(60).optional(),
        parties: z
          .array(
            z.object({
              extensionId: text(60).optional(),
              direction: text(20).optional(),
              from: party.optional(),
              to: party.optional(),
              status: z.object({ code: text(40) }).optional(),
            }),
          )
          .max(50),
      })
      .optional(),
  })
  .nullish()
export const webhookQuerySchema = z.object({ user: z.uuid() })
export const webhookHeadersSchema = z.object({
  'validation-token': z.string().max(200).optional(),
  'verification-token': z.string().max(200).optional(),
})

/** GET /click-to-call/incoming-calls: the caller's recent incoming calls, each with the contacts its number matches. */
export const incomingCallSchema = z.object({
  id: z.string(),
  fromNumber: z.string(),
  fromName: z.string().nullable(),
  status: z.enum(['ringing', 'answered', 'ended', 'missed']),
  rangAt: z.string(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** The contact the call was logged on, once it was. */
  contactId: z.string().nullable(),
  contacts: z.array(z.object({ id: z.string(), name: z.string(), statusId: z.number().nullable() })),
})
export type IncomingCall = z.output<typeof incomingCallSchema>
export const incomingCallsQuerySchema = z.object({
  /** Only calls that rang after this (UTC ISO); default the last day. */
  since: z.iso.datetime({ offset: true }).optional(),
})

/** POST /click-to-call/log: a page of the caller's synced call log. */
export const callLogQuerySchema = z.object({
  first: z.number().int().min(0).max(100_000).default(0),
  limit: z.number().int().min(1).max(100).default(10),
  direction: z.enum(['Inbound', 'Outbound']).optional(),
})
export const callLogRowSchema = z.object({
  id: z.string(),
  startTime: z.string(),
  duration: z.number(),
  direction: z.enum(['Inbound', 'Outbound']),
  result: z.string().nullable(),
  /** The number on the other end and its caller-id name. */
  number: z.string().nullable(),
  name: z.string().nullable(),
  hasRecording: z.boolean(),
  contacts: z.array(z.object({ id: z.string(), name: z.string(), statusId: z.number().nullable() })),
})
export type CallLogRow = z.output<typeof callLogRowSchema>
export const callLogPageSchema = z.object({ items: z.array(callLogRowSchema), total: z.number() })
export type CallLogPage = z.output<typeof callLogPageSchema>

/** POST /click-to-call/log-info and /click-to-call/log-recording: one entry of the caller's call log. */
export const callLogEntryQuerySchema = z.object({ callLogId: z.string().trim().min(1).max(100) })
export const callLogInfoSchema = callLogRowSchema.extend({
  action: z.string().nullable(),
  fromNumber: z.string().nullable(),
  fromName: z.string().nullable(),
  toNumber: z.string().nullable(),
  toName: z.string().nullable(),
})
export type CallLogInfo = z.output<typeof callLogInfoSchema>
