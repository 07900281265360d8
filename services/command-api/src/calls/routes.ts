import {
  ActivityType,
  callMessages,
  callStreamId,
  commandAnswerSchema,
  hasPermission,
  placeCallAnswerSchema,
  placeCallSchema,
  saveCallActivitySchema,
} from '@crm/contracts'
import { DomainError, notFound, type EventStore, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { callerOf } from '../command-handling/caller'
import { envelopeOf, type CommandEnvelope } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { authorityOf } from '../activities/authority'
import { contactStreamId } from '../contacts/contacts.events'
import { contactDecider } from '../contacts/decide'
import { runContactCommand } from '../contacts/run-contact-command'
import { assertVisibleTo } from '../contacts/rules'
import { contactTasksDecider } from '../tasks/contact-tasks/decide'
import { userDecider } from '../users/decide'
import { userStreamId } from '../users/users.events'
import { loadPhoneSession, openSession } from '../ringcentral/phone-session'
import type { PhoneSessions } from '../ringcentral/phone-sessions'
import { RingCentralError, type RingCentralClient } from '../ringcentral/rc-client'
import type { TokenKey } from '../ringcentral/token-seal'
import { callDecider, type CallState } from './decide'
import { callRefusal, dialable } from './call-checks'
import type { RingOutFollower } from './ringout-follower'
import type { PhoneUpkeep } from './phone-upkeep'
import { linkIncomingCall, loadIncomingCall } from './link-incoming-call'
import { foldHistory, loadAggregate } from '../command-handling/load-aggregate'

const tags = ['click-to-call']

/** RingCentral as configured; null when it is not (every call answers how to enable it). */
export interface Calling {
  client: RingCentralClient
  sessions: PhoneSessions
  key: TokenKey
  follower: RingOutFollower
  upkeep: PhoneUpkeep
}

export interface CallRouteDeps {
  store: EventStore
  db: Kysely<unknown>
  calling: Calling | null
}

export function configured(calling: Calling | null): Calling {
  if (!calling) throw new DomainError(callMessages.notConfigured)
  return calling
}

const derived = (envelope: CommandEnvelope, step: string): CommandEnvelope => ({
  ...envelope,
  commandId: `${envelope.commandId}:${step}`,
  causationId: envelope.commandId,
})

/** The contact as the caller sees it (404 otherwise) and who holds open tasks on it, from its one stream. */
async function contactForCall(store: EventStore, contactId: string, caller: ReturnType<typeof callerOf>) {
  const { state: contact, history } = await loadAggregate(store, contactStreamId(contactId), contactDecider)
  if (!contact.created || contact.deleted) throw notFound('Contact not found')
  assertVisibleTo(contact, caller)
  const tasks = contactTasksDecider(contactId)
  const { open } = foldHistory(tasks, history)
  return { openTaskHolders: Object.values(open) }
}

/** The caller's profile phones from their own stream, so a phone saved a moment ago counts (no read-model lag). */
async function profileOf(store: EventStore, userId: string) {
  const { profile } = (await loadAggregate(store, userStreamId(userId), userDecider)).state
  return { activePhone: profile.activePhone, officeExt: profile.officeExt }
}

async function loadCall(store: EventStore, callId: string): Promise<CallState> {
  return (await loadAggregate(store, callStreamId(callId), callDecider)).state
}

/**
 * Click-to-call (docs/product.md 5-8): POST /click-to-call checks in the product's order, rings the rep through
 * RingOut and opens a draft call activity; set-call-with-activity saves it from the call window; DELETE closes
 * the window, cancelling a RingOut still ringing and setting an unsaved draft inactive.
 */
export function callRoutes(api: HttpApp, deps: CallRouteDeps): void {
  const { store } = deps

  api.post(
    '/click-to-call',
    {
      schema: {
        tags,
        summary: "Call a contact's number: RingOut rings the caller's phone, then the contact",
        body: placeCallSchema,
        response: { 201: placeCallAnswerSchema },
      },
    },
    async (request, reply) => {
      const envelope = envelopeOf(request)
      const caller = callerOf(request)
      const { contactId, phoneNumber } = request.body
      const { openTaskHolders } = await contactForCall(store, contactId, caller)
      const { client, sessions, key, follower } = configured(deps.calling)
      const profile = await profileOf(store, caller.userId)
      const { state: session } = await loadPhoneSession(store, caller.userId)
      const opened = openSession(key, session)
      const refusal = callRefusal({
        profile,
        sessionRefusal: 'refusal' in opened ? opened.refusal : null,
        callerId: caller.userId,
        openTaskHolders,
        mayCall: hasPermission(caller, 'call'),
      })
      if (refusal) throw new DomainError(refusal)

      const tokens = await sessions.tokensFor(caller.userId, derived(envelope, 'session'))
      const from = dialable(session.useExtensionToMakeCalls ? profile.officeExt! : profile.activePhone!)
      const to = dialable(phoneNumber)
      let ringOut: Awaited<ReturnType<RingCentralClient['ringOut']>>
      try {
        ringOut = await client.ringOut(tokens, from, to)
      } catch (error) {
        if (error instanceof RingCentralError) throw new DomainError(callMessages.providerFailed(error.message))
        throw error
      }

      const ids = idsFor(envelope.commandId, 'call')
      const callId = ids.next()
      const activityId = ids.next()
      const divisionId = caller.divisionId
      await runContactCommand(
        store,
        contactId,
        {
          type: 'LogActivity',
          actor: caller,
          activityId,
          source: 'form',
          data: {
            contactId,
            divisionId,
            activityType: ActivityType.OutgoingCall,
            subject: `Call to ${phoneNumber.trim()}`,
            notes: null,
            callData: { duration: 0, outcome: 'Attempted' },
          },
        },
        derived(envelope, 'activity'),
      )
      const placed = await handleCommand(
        store,
        callDecider,
        callStreamId(callId),
        {
          type: 'PlaceCall',
          data: {
            callId,
            contactId,
            divisionId,
            userId: caller.userId,
            activityId,
            ringOutId: ringOut.id,
            from,
            to,
            status: ringOut.status,
          },
        },
        derived(envelope, 'call'),
      )
      await follower.follow(callId)
      return reply.code(201).send(withPosition(reply, placed.position, { id: callId, activityId }))
    },
  )

  api.post(
    '/click-to-call/set-call-with-activity',
    {
      schema: {
        tags,
        summary:
          "Save a call's activity: the call window's (subject, notes, duration, Attempted / Answered), or an answered incoming call's on a contact",
        body: saveCallActivitySchema,
        response: { 200: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const envelope = envelopeOf(request)
      const caller = callerOf(request)
      const { callId, subject, notes, duration, outcome } = request.body
      const call = await loadCall(store, callId)
      if (!call.placed) {
        // Not placed from the CRM: an incoming call, logged on the contact the rep chose.
        const incoming = await loadIncomingCall(store, callId)
        const linked = await linkIncomingCall(store, incoming, caller, envelope, request.body)
        return withPosition(reply, linked.position, { id: callId })
      }
      // Decided first (own call, started), appended after the activity: a refusal changes nothing.
      callDecider.decide(
        call,
        { type: 'SaveCallActivity', userId: caller.userId, duration, outcome },
        { now: new Date(), ids: idsFor(envelope.commandId) },
      )
      const placed = call.placed!
      await runContactCommand(
        store,
        placed.contactId,
        {
          type: 'EditActivity',
          actor: caller,
          activityId: placed.activityId,
          changes: { subject, notes, callData: { duration, outcome } },
          authority: 'own',
          mayDirectMail: false,
        },
        derived(envelope, 'activity'),
      )
      const saved = await handleCommand(
        store,
        callDecider,
        callStreamId(callId),
        { type: 'SaveCallActivity', userId: caller.userId, duration, outcome },
        derived(envelope, 'call'),
      )
      return withPosition(reply, saved.position, { id: callId })
    },
  )

  api.delete(
    '/click-to-call/:id',
    {
      schema: {
        tags,
        summary: 'Close the call window: a RingOut still ringing is cancelled, an unsaved call activity set inactive',
        params: z.object({ id: z.uuid() }),
        response: { 200: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const envelope = envelopeOf(request)
      const caller = callerOf(request)
      const call = await loadCall(store, request.params.id)
      if (!call.placed || call.placed.userId !== caller.userId) throw notFound(callMessages.callNotFound)
      const placed = call.placed
      if (call.closed) return withPosition(reply, null, { id: placed.callId })
      if (call.status?.callStatus === 'InProgress' && deps.calling) {
        const { client, sessions } = deps.calling
        try {
          await client.cancelRingOut(
            await sessions.tokensFor(caller.userId, derived(envelope, 'session')),
            placed.ringOutId,
          )
        } catch {
          // Ended meanwhile, or the session is gone: the window closes all the same.
        }
      }
      if (!call.saved) {
        await runContactCommand(
          store,
          placed.contactId,
          { type: 'InactivateActivity', actor: caller, activityId: placed.activityId, authority: authorityOf(request) },
          derived(envelope, 'activity'),
        )
      }
      const closed = await handleCommand(
        store,
        callDecider,
        callStreamId(placed.callId),
        { type: 'CloseCall', userId: caller.userId },
        derived(envelope, 'call'),
      )
      return withPosition(reply, closed.position, { id: placed.callId })
    },
  )
}
