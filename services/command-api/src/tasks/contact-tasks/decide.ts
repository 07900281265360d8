import type { ContactEvent, ContactTaskMarkerEvent, TaskCompleted } from '@crm/contracts'
import { DomainError, notFound } from '@crm/platform'
import type { Decider } from '../../command-handling/decider'

/**
 * The contact stream's side of tasks: open-task markers (ContactTaskOpened / ContactTaskClosed) say which users
 * hold an open task on the contact. A user may hold several (docs/product.md 5 ties 'This user already has task
 * assigned for this contact!' to starting a call, not to planning work); the markers answer that check from the
 * contact's own stream. The marker is written before the task stream (create, assign), so a contact that is gone
 * leaves no task behind; a crash in between is healed by retrying the same command id (both appends are
 * idempotent under derived command ids).
 */
export interface ContactTasksState {
  live: boolean
  mergedInto: string | null
  /** Open task id → assigned user. */
  open: Record<string, string>
}

type Event = ContactEvent | ContactTaskMarkerEvent

export type ContactTasksCommand =
  | { type: 'OpenContactTask'; taskId: string; assigned: string }
  | { type: 'CloseContactTask'; taskId: string; reason: 'completed' | 'deleted' }
  /** Completion's effects on the contact: the activity, the closed marker and the follow-up's marker. */
  | { type: 'RecordTaskCompletion'; completion: TaskCompleted['data']; followUpAssigned: string | null }

function evolve(state: ContactTasksState, event: Event): ContactTasksState {
  switch (event.type) {
    case 'ContactCreated':
      return { ...state, live: true }
    case 'ContactDeleted':
      return { ...state, live: false }
    case 'ContactMergedInto':
      return { ...state, mergedInto: event.data.survivorId }
    case 'ContactTaskOpened':
      return { ...state, open: { ...state.open, [event.data.taskId]: event.data.assigned } }
    case 'ContactTaskClosed': {
      const { [event.data.taskId]: _, ...open } = state.open
      return { ...state, open }
    }
    default:
      return state
  }
}

function assertLive(state: ContactTasksState): void {
  if (!state.live) throw notFound('Contact not found')
  if (state.mergedInto) throw new DomainError('This contact was combined into another contact')
}

function open(state: ContactTasksState, contactId: string, taskId: string, assigned: string): Event[] {
  if (state.open[taskId] === assigned) return []
  return [{ type: 'ContactTaskOpened', data: { contactId, taskId, assigned } }]
}

const close = (
  state: ContactTasksState,
  contactId: string,
  taskId: string,
  reason: 'completed' | 'deleted',
): Event[] => (taskId in state.open ? [{ type: 'ContactTaskClosed', data: { contactId, taskId, reason } }] : [])

/** A decider over the contact stream that folds only what the task rules need (contactId comes per call). */
export function contactTasksDecider(contactId: string): Decider<ContactTasksState, ContactTasksCommand, Event> {
  return {
    initialState: { live: false, mergedInto: null, open: {} },
    evolve,
    decide(state, command) {
      switch (command.type) {
        case 'OpenContactTask':
          assertLive(state)
          return open(state, contactId, command.taskId, command.assigned)
        case 'CloseContactTask':
          return close(state, contactId, command.taskId, command.reason)
        case 'RecordTaskCompletion': {
          const c = command.completion
          const after = evolve(state, {
            type: 'ContactTaskClosed',
            data: { contactId, taskId: c.taskId, reason: 'completed' },
          })
          return [
            {
              type: 'ActivityLogged',
              data: {
                contactId,
                activityId: c.activity.activityId,
                divisionId: c.divisionId,
                activityType: c.activity.activityType,
                subject: c.activity.subject,
                notes: c.activity.notes,
                callData: c.activity.callData,
                occurredAt: c.completedDate,
                userId: c.completedBy,
                nextStep: c.nextStepId,
                followUpDate: c.followUpDate,
                // The task's files and the completion's (docs/product.md 4: completion links attachments).
                attachments: c.activity.attachments ?? [],
                source: 'form',
              },
            },
            ...close(state, contactId, c.taskId, 'completed'),
            // The follow-up replaces the completed task, so it never collides with it.
            ...(c.followUpTaskId && command.followUpAssigned
              ? open(after, contactId, c.followUpTaskId, command.followUpAssigned)
              : []),
          ]
        }
      }
    },
  }
}
