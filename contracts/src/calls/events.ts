import type { PhoneSubscriptionSaved } from './phone-events'

/**
 * Events of click-to-call. The phone session lives on `phone-session-<userId>`: the RingCentral tokens are sealed
 * (AES-256-GCM under the server's token key) before they reach an event, so the store, its exports and the read
 * models never hold them readable. A call lives on `call-<id>`. Fields are only ever added, never renamed.
 */
export interface PhoneSessionTimes {
  /** When the access token expires (UTC ISO). */
  expireTime: string
  expiresIn: number
  /** When the refresh token expires: after it the user connects again. */
  refreshTokenExpireTime: string
  refreshTokenExpiresIn: number
}

export type PhoneSessionConnected = {
  type: 'PhoneSessionConnected'
  data: PhoneSessionTimes & { userId: string; sealedTokens: string; useExtensionToMakeCalls: boolean }
}
export type PhoneSessionRefreshed = {
  type: 'PhoneSessionRefreshed'
  data: PhoneSessionTimes & { userId: string; sealedTokens: string }
}
/** The refresh was refused (the refresh token expired or was revoked): the user connects again. */
export type PhoneSessionLost = { type: 'PhoneSessionLost'; data: { userId: string; reason: string } }

export type PhoneSessionEvent =
  PhoneSessionConnected | PhoneSessionRefreshed | PhoneSessionLost | PhoneSubscriptionSaved

export const phoneSessionEventTypes = [
  'PhoneSessionConnected',
  'PhoneSessionRefreshed',
  'PhoneSessionLost',
  'PhoneSubscriptionSaved',
] as const satisfies readonly PhoneSessionEvent['type'][]

export const phoneSessionStreamId = (userId: string): string => `phone-session-${userId}`

/** What RingCentral's RingOut status says: callStatus of the whole call, callerStatus the rep's leg, calleeStatus the contact's. */
export interface RingOutStatus {
  callStatus: string
  callerStatus: string
  calleeStatus: string
}

export type CallPlaced = {
  type: 'CallPlaced'
  data: {
    callId: string
    contactId: string
    divisionId: number
    userId: string
    /** The draft call activity on the contact's stream: saved with the call, or set inactive when the window closes. */
    activityId: string
    ringOutId: string
    from: string
    to: string
    status: RingOutStatus
  }
}
export type CallStatusChanged = {
  type: 'CallStatusChanged'
  data: {
    callId: string
    status: RingOutStatus
    /** When the contact answered (first seen), and when the call ended; null until then. */
    answeredAt: string | null
    endedAt: string | null
  }
}
export type CallActivitySaved = {
  type: 'CallActivitySaved'
  data: { callId: string; activityId: string; duration: number; outcome: 'Attempted' | 'Answered' }
}
/** The call window closed: the RingOut is cancelled if it still rang, an unsaved activity is set inactive. */
export type CallClosed = { type: 'CallClosed'; data: { callId: string; activityWithdrawn: boolean } }

export type CallEvent = CallPlaced | CallStatusChanged | CallActivitySaved | CallClosed

export const callEventTypes = [
  'CallPlaced',
  'CallStatusChanged',
  'CallActivitySaved',
  'CallClosed',
] as const satisfies readonly CallEvent['type'][]

export const callStreamId = (callId: string): string => `call-${callId}`
