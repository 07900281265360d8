import {
  canSeeWorkOf,
  meetingMessages,
  type Caller,
  type CreateMeeting,
  type MeetingChanged,
  type MeetingEvent,
  type MeetingFields,
  type UpdateMeeting,
} from '@crm/contracts'
import { DomainError, notFound } from '@crm/platform'
import type { Decider } from '../command-handling/decider'
import { FieldRuleError } from '../command-handling/field-rule-error'

export interface MeetingState {
  meetingId: string | null
  ownerId: string | null
  fields: MeetingFields | null
}

/** Executives, and managers of the meeting's owner (their team), may edit it too: the visibility policy. */
export type MeetingActor = Caller

export type MeetingCommand =
  | { type: 'ScheduleMeeting'; meetingId: string; actor: MeetingActor; data: CreateMeeting; timeZone: string }
  | { type: 'ChangeMeeting'; actor: MeetingActor; changes: UpdateMeeting }

export const initialMeetingState: MeetingState = { meetingId: null, ownerId: null, fields: null }

export function evolveMeeting(state: MeetingState, event: MeetingEvent): MeetingState {
  switch (event.type) {
    case 'MeetingScheduled': {
      const { meetingId, userId, createdBy: _createdBy, ...fields } = event.data
      return { meetingId, ownerId: userId, fields }
    }
    case 'MeetingChanged':
      return state.fields ? { ...state, fields: { ...state.fields, ...event.data.changes } } : state
  }
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined || v === null || v.trim() === '' ? null : v.trim()
const iso = (value: string) => new Date(value).toISOString()

/** End after start (docs/product.md 3 "Meeting event"); the message goes under the field that was sent. */
function assertEndAfterStart(start: string, end: string, field: 'meetingStart' | 'meetingEnd'): void {
  if (new Date(end) <= new Date(start)) throw new FieldRuleError(field, meetingMessages.endBeforeStart)
}

function schedule(state: MeetingState, command: Extract<MeetingCommand, { type: 'ScheduleMeeting' }>): MeetingEvent[] {
  if (state.meetingId) throw new DomainError('This meeting already exists')
  const d = command.data
  if (!d.subject.trim()) throw new FieldRuleError('subject', meetingMessages.subjectRequired)
  assertEndAfterStart(d.meetingStart, d.meetingEnd, 'meetingEnd')
  return [
    {
      type: 'MeetingScheduled',
      data: {
        meetingId: command.meetingId,
        userId: command.actor.userId,
        createdBy: command.actor.userId,
        contactId: d.contactId ?? null,
        taskId: d.taskId ?? null,
        subject: d.subject.trim(),
        note: blankToNull(d.note),
        meetingStart: iso(d.meetingStart),
        meetingEnd: iso(d.meetingEnd),
        location: blankToNull(d.location),
        attendees: d.attendees.map((a) => a.trim()),
        timeZone: command.timeZone,
      },
    },
  ]
}

function change(state: MeetingState, command: Extract<MeetingCommand, { type: 'ChangeMeeting' }>): MeetingEvent[] {
  const current = state.fields
  if (!state.meetingId || !current) throw notFound(meetingMessages.meetingNotFound)
  // A meeting of someone whose work one may not see is answered as a missing one.
  if (!canSeeWorkOf(command.actor, state.ownerId)) throw notFound(meetingMessages.meetingNotFound)
  const c = command.changes
  if (c.subject !== undefined && !c.subject.trim()) throw new FieldRuleError('subject', meetingMessages.subjectRequired)
  const next: MeetingFields = {
    contactId: c.contactId === undefined ? current.contactId : c.contactId,
    taskId: c.taskId === undefined ? current.taskId : c.taskId,
    subject: c.subject === undefined ? current.subject : c.subject.trim(),
    note: c.note === undefined ? current.note : blankToNull(c.note),
    meetingStart: c.meetingStart === undefined ? current.meetingStart : iso(c.meetingStart),
    meetingEnd: c.meetingEnd === undefined ? current.meetingEnd : iso(c.meetingEnd),
    location: c.location === undefined ? current.location : blankToNull(c.location),
    attendees: c.attendees === undefined ? current.attendees : c.attendees.map((a) => a.trim()),
    timeZone: c.timeZone ?? current.timeZone,
  }
  assertEndAfterStart(next.meetingStart, next.meetingEnd, c.meetingEnd !== undefined ? 'meetingEnd' : 'meetingStart')
  const changes: MeetingChanged['data']['changes'] = {}
  for (const key of Object.keys(next) as (keyof MeetingFields)[]) {
    if (JSON.stringify(next[key]) !== JSON.stringify(current[key])) Object.assign(changes, { [key]: next[key] })
  }
  if (Object.keys(changes).length === 0) return []
  return [{ type: 'MeetingChanged', data: { meetingId: state.meetingId, changes, changedBy: command.actor.userId } }]
}

/** The meeting aggregate (stream meeting-<id>): pure; the route says whether the actor manages the owner. */
export const meetingDecider: Decider<MeetingState, MeetingCommand, MeetingEvent> = {
  initialState: initialMeetingState,
  evolve: evolveMeeting,
  startsStream: (command) => command.type === 'ScheduleMeeting',
  decide: (state, command) => (command.type === 'ScheduleMeeting' ? schedule(state, command) : change(state, command)),
}
