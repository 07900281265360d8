import { ActivityType } from '../../constants/activities'
import type { ContactEvent } from '../events'
import type { ActivityFacts, ContactState } from './contact-state'

type ActivityEvent = Extract<
  ContactEvent,
  {
    type:
      | 'ActivityLogged'
      | 'ActivityEdited'
      | 'ActivityInactivated'
      | 'SharedNoteAdded'
      | 'SharedNoteRemoved'
      | 'CommentAdded'
      | 'CommentRemoved'
  }
>

const isCall = (activityType: number) => (activityType === ActivityType.OutgoingCall ? 1 : 0)

/**
 * Moves a division's counters by the given deltas. The counters are what "a Lead needs an activity" and
 * "give up needs min_call_attempts call attempts" decide on: an inactive activity no longer counts for
 * either (set-inactive is how a mistaken or abandoned activity is withdrawn), and an outgoing call edited
 * into another type stops being a call attempt (and the other way round).
 */
function count(state: ContactState, divisionId: number, activities: number, calls: number): ContactState {
  const current = state.divisions[divisionId]
  if (!current) return state
  const next = {
    ...current,
    activities: Math.max(0, current.activities + activities),
    callAttempts: Math.max(0, current.callAttempts + calls),
  }
  return { ...state, divisions: { ...state.divisions, [divisionId]: next } }
}

const withFacts = (state: ContactState, id: string, facts: ActivityFacts): ContactState => ({
  ...state,
  activityLog: { ...state.activityLog, [id]: facts },
})

const without = <T>(record: Record<string, T>, key: string) => {
  const { [key]: _, ...rest } = record
  return rest
}

/** The activity, shared-note and comment events of the contact stream. */
export function evolveActivity(state: ContactState, event: ActivityEvent): ContactState {
  switch (event.type) {
    case 'ActivityLogged': {
      const { activityId, divisionId, activityType, userId, occurredAt } = event.data
      const counted = divisionId in state.divisions
      const attachments = event.data.attachments ?? []
      const facts = { divisionId, activityType, authorId: userId, occurredAt, active: true, counted, attachments }
      return withFacts(count(state, divisionId, 1, isCall(activityType)), activityId, facts)
    }
    case 'ActivityEdited': {
      const facts = state.activityLog[event.data.activityId]
      if (!facts) return state
      const {
        activityType = facts.activityType,
        occurredAt = facts.occurredAt,
        attachments = facts.attachments,
      } = event.data.changes
      const calls = facts.active && facts.counted ? isCall(activityType) - isCall(facts.activityType) : 0
      return withFacts(count(state, facts.divisionId, 0, calls), event.data.activityId, {
        ...facts,
        activityType,
        occurredAt,
        attachments,
      })
    }
    case 'ActivityInactivated': {
      const facts = state.activityLog[event.data.activityId]
      if (!facts?.active) return state
      const counted = facts.counted ? count(state, facts.divisionId, -1, -isCall(facts.activityType)) : state
      return withFacts(counted, event.data.activityId, { ...facts, active: false })
    }
    case 'SharedNoteAdded': {
      const { noteId, createdBy, divisionId } = event.data
      return { ...state, sharedNotes: { ...state.sharedNotes, [noteId]: { authorId: createdBy, divisionId } } }
    }
    case 'SharedNoteRemoved':
      return { ...state, sharedNotes: without(state.sharedNotes, event.data.noteId) }
    case 'CommentAdded': {
      const { commentId, createdBy, divisionId } = event.data
      return { ...state, comments: { ...state.comments, [commentId]: { authorId: createdBy, divisionId } } }
    }
    case 'CommentRemoved':
      return { ...state, comments: without(state.comments, event.data.commentId) }
  }
}
