/**
 * Events of incoming calls, the webhook subscription and the call log (decision 028). The subscription lives on
 * the user's `phone-session-<userId>` stream beside the tokens; an incoming call on `incoming-call-<id>`; the
 * synced call log on `call-log-<userId>`. Fields are only ever added, never renamed.
 */

/** RingCentral accepted a webhook subscription to the user's telephony sessions (created or renewed). */
export type PhoneSubscriptionSaved = {
  type: 'PhoneSubscriptionSaved'
  data: { userId: string; subscriptionId: string; expirationTime: string }
}

/** A call to the rep's extension, as RingCentral's telephony-session notifications tell it. */
export type IncomingCallRang = {
  type: 'IncomingCallRang'
  data: {
    callId: string
    userId: string
    telephonySessionId: string
    fromNumber: string
    fromName: string | null
    toNumber: string | null
    rangAt: string
  }
}
export type IncomingCallStatusChanged = {
  type: 'IncomingCallStatusChanged'
  data: { callId: string; status: IncomingCallStatus; answeredAt: string | null; endedAt: string | null }
}
/** The rep logged the answered call as an incoming-call activity on a contact (set-call-with-activity). */
export type IncomingCallLinked = {
  type: 'IncomingCallLinked'
  data: { callId: string; contactId: string; activityId: string; duration: number; outcome: 'Attempted' | 'Answered' }
}
export type IncomingCallStatus = 'ringing' | 'answered' | 'ended' | 'missed'

export type IncomingCallEvent = IncomingCallRang | IncomingCallStatusChanged | IncomingCallLinked

export const incomingCallEventTypes = [
  'IncomingCallRang',
  'IncomingCallStatusChanged',
  'IncomingCallLinked',
] as const satisfies readonly IncomingCallEvent['type'][]
export const incomingCallStreamId = (callId: string): string => `incoming-call-${callId}`

/** One entry of RingCentral's call log as the CRM keeps it (no tokens: a recording is its id only). */
export interface CallLogEntry {
  /** RingCentral's call log record id. */
  id: string
  telephonySessionId: string | null
  startTime: string
  duration: number
  direction: 'Inbound' | 'Outbound'
  action: string | null
  result: string | null
  fromNumber: string | null
  fromName: string | null
  toNumber: string | null
  toName: string | null
  recordingId: string | null
}

/** One page of the user's call log, read from RingCentral; `syncedUntil` is where the next sync starts. */
export type CallLogSynced = {
  type: 'CallLogSynced'
  data: { userId: string; syncedUntil: string; entries: CallLogEntry[] }
}
export const callLogEventTypes = ['CallLogSynced'] as const satisfies readonly CallLogSynced['type'][]
export const callLogStreamId = (userId: string): string => `call-log-${userId}`

/** Job queue names (the job port's queues, not event types). */
export const RINGOUT_FOLLOW_JOB = 'ringout-follow'
