import {
  ActivityType,
  callMessages,
  incomingCallStreamId,
  type Caller,
  type saveCallActivitySchema,
} from '@crm/contracts'
import { badRequest, notFound, type EventStore } from '@crm/platform'
import type { z } from 'zod'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { runContactCommand } from '../contacts/run-contact-command'
import { incomingCallDecider, type IncomingCallState, type LinkIncomingCall } from './incoming-call/decide'
import { loadAggregate } from '../command-handling/load-aggregate'

type SaveCallActivity = z.output<typeof saveCallActivitySchema>

export async function loadIncomingCall(store: EventStore, callId: string): Promise<IncomingCallState> {
  return (await loadAggregate(store, incomingCallStreamId(callId), incomingCallDecider)).state
}

const derived = (envelope: CommandEnvelope, step: string): CommandEnvelope => ({
  ...envelope,
  commandId: `${envelope.commandId}:${step}`,
  causationId: envelope.commandId,
})

/**
 * set-call-with-activity for an answered incoming call: logs an incoming-call activity on the contact the rep
 * chose (404 for one they cannot see) and marks the call logged. Decided first, so a refusal changes nothing.
 */
export async function linkIncomingCall(
  store: EventStore,
  call: IncomingCallState,
  caller: Caller,
  envelope: CommandEnvelope,
  input: Omit<SaveCallActivity, 'callId'>,
) {
  if (!call.rang || call.rang.userId !== caller.userId) throw notFound(callMessages.callNotFound)
  if (!input.contactId) throw badRequest(callMessages.contactRequired, { contactId: callMessages.contactRequired })
  const activityId = idsFor(envelope.commandId, 'incoming-call').next()
  const link: LinkIncomingCall = {
    type: 'LinkIncomingCall',
    userId: caller.userId,
    contactId: input.contactId,
    activityId,
    duration: input.duration,
    outcome: input.outcome,
  }
  incomingCallDecider.decide(call, link, { now: new Date(), ids: idsFor(envelope.commandId) })
  await runContactCommand(
    store,
    input.contactId,
    {
      type: 'LogActivity',
      actor: caller,
      activityId,
      source: 'form',
      data: {
        contactId: input.contactId,
        divisionId: caller.divisionId,
        activityType: ActivityType.IncomingCall,
        subject: input.subject,
        notes: input.notes ?? null,
        callData: { duration: input.duration, outcome: input.outcome },
        occurredAt: call.rang.rangAt,
      },
    },
    derived(envelope, 'activity'),
  )
  return handleCommand(
    store,
    incomingCallDecider,
    incomingCallStreamId(call.rang.callId),
    link,
    derived(envelope, 'incoming-call'),
  )
}
