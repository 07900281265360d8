import type { ContactEvent } from '@crm/contracts'
import type { DecideContext } from '../command-handling/decider'
import type { LogActivityCommand } from './commands'
import { assertLive, blankToNull } from './rules'
import type { ContactState } from './state'

/**
 * An activity (call, email, meeting, ...) on the contact's stream. No Answer is an outgoing call that was
 * attempted and not answered: it counts towards the call attempts give-up needs.
 */
export function logActivity(state: ContactState, command: LogActivityCommand, context: DecideContext): ContactEvent[] {
  assertLive(state)
  const { data } = command
  return [
    {
      type: 'ActivityLogged',
      data: {
        contactId: state.contactId!,
        activityId: command.activityId,
        divisionId: data.divisionId,
        activityType: data.activityType,
        subject: data.subject.trim(),
        notes: blankToNull(data.notes),
        callData: data.callData ? { duration: data.callData.duration, outcome: data.callData.outcome } : null,
        occurredAt: data.occurredAt ? new Date(data.occurredAt).toISOString() : context.now.toISOString(),
        userId: command.actor.userId,
        nextStep: null,
        followUpDate: null,
        attachments: [],
        source: command.source,
      },
    },
  ]
}
