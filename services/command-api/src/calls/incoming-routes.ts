import {
  callMessages,
  incomingCallStreamId,
  telephonyNotificationSchema,
  webhookHeadersSchema,
  webhookQuerySchema,
} from '@crm/contracts'
import { unauthorized, type EventStore, type HttpApp } from '@crm/platform'
import { z } from 'zod'
import { handleCommand } from '../command-handling/handle-command'
import { derivedUuid } from '../command-handling/ids'
import { webhookTokenMatches } from '../ringcentral/incoming-subscription'
import { loadPhoneSession } from '../ringcentral/phone-session'
import { systemEnvelope } from '../ringcentral/phone-sessions'
import type { TokenKey } from '../ringcentral/token-seal'
import { incomingCallDecider, type ObserveIncomingCall } from './incoming-call/decide'

type Notification = NonNullable<z.output<typeof telephonyNotificationSchema>>

/** Security headers (security-headers.ts) for pages a browser renders: left off the address check's answer. */
const PAGE_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]

/** A call's id in the CRM: one per user and RingCentral telephony session, however often it is notified. */
export const incomingCallId = (userId: string, telephonySessionId: string) =>
  derivedUuid(`incoming-call\u0000${userId}\u0000${telephonySessionId}`)

/** The call to the rep that a notification tells of: the inbound party on the rep's extension, or null. */
export function inboundCall(notification: Notification, userId: string, at: string): ObserveIncomingCall | null {
  const body = notification.body
  if (!body) return null
  const party = body.parties.find(
    (p) =>
      p.direction === 'Inbound' && (!notification.ownerId || !p.extensionId || p.extensionId === notification.ownerId),
  )
  const fromNumber = party?.from?.phoneNumber?.trim()
  if (!party?.status || !fromNumber) return null
  return {
    type: 'ObserveIncomingCall',
    call: {
      callId: incomingCallId(userId, body.telephonySessionId),
      userId,
      telephonySessionId: body.telephonySessionId,
      fromNumber,
      fromName: party.from?.name?.trim() || null,
      toNumber: party.to?.phoneNumber ?? null,
    },
    code: party.status.code,
    at,
  }
}

/**
 * RingCentral's webhook for the reps' telephony sessions (docs/product.md 7 "incoming-calls"; decision 028).
 * Public, as RingCentral calls it without a sign-in: the address check is answered by echoing its
 * Validation-Token, and a notification counts only with the Verification-Token made for the user it names and
 * for the user's current subscription. Anything else changes nothing.
 */
export function incomingCallRoutes(api: HttpApp, deps: { store: EventStore; key: TokenKey | null }): void {
  // RingCentral's address check is a POST with `Content-Type: application/json` and no body, which the JSON
  // parser refuses ("Empty JSON body") before any route runs. Only this route, and only with a Validation-Token,
  // takes an empty body as none; every other body is parsed as everywhere else.
  void api.register(async (plain) => {
    const scope = plain as unknown as HttpApp
    const parseJson = scope.getDefaultJsonParser('error', 'error')
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if (body === '' && request.headers['validation-token']) return done(null, null)
      parseJson(request, body as string, done)
    })
    webhookRoute(scope, deps)
  })
}

function webhookRoute(api: HttpApp, deps: { store: EventStore; key: TokenKey | null }): void {
  api.post(
    '/click-to-call/incoming-calls',
    {
      config: { public: true, openapi: { errors: [401] } },
      schema: {
        tags: ['click-to-call'],
        summary: "RingCentral's webhook: telephony-session notifications of a rep's extension (incoming calls)",
        querystring: webhookQuerySchema,
        headers: webhookHeadersSchema,
        body: telephonyNotificationSchema,
        response: { 200: z.object({}) },
      },
    },
    async (request, reply) => {
      const validation = request.headers['validation-token']
      if (validation) {
        // RingCentral's address check before it subscribes: echo the token, nothing else.
        if (!/^[\w.~+/=-]{1,200}$/.test(validation)) throw unauthorized(callMessages.webhookRefused)
        // RingCentral refuses an answer over 1024 bytes, headers included (SUB-525). The headers that guard a
        // page in a browser mean nothing on this answer to a server; without them it stays well below, with
        // room for what a proxy in front adds.
        for (const header of PAGE_HEADERS) reply.removeHeader(header)
        return reply.header('validation-token', validation).send({})
      }
      const { user } = request.query
      if (!deps.key || !webhookTokenMatches(deps.key, user, request.headers['verification-token'])) {
        throw unauthorized(callMessages.webhookRefused)
      }
      const notification = request.body
      const { state } = await loadPhoneSession(deps.store, user)
      // A subscription replaced by a new sign-in (or never ours) is not listened to any more.
      if (!notification?.subscriptionId || state.subscription?.id !== notification.subscriptionId) return {}
      const observed = inboundCall(notification, user, new Date().toISOString())
      if (!observed) return {}
      await handleCommand(
        deps.store,
        incomingCallDecider,
        incomingCallStreamId(observed.call.callId),
        observed,
        systemEnvelope(),
      )
      return {}
    },
  )
}
