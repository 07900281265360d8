import { meetingMessages, type MeetingEvent } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { idsFor } from '../command-handling/ids'
import { meetingDecider, type MeetingCommand } from './decide'

const OWNER = '11111111-1111-4111-8111-111111111111'
const MANAGER = '22222222-2222-4222-8222-222222222222'
const STRANGER = '33333333-3333-4333-8333-333333333333'
const context = { now: new Date('2024-06-12T15:00:00Z'), ids: idsFor('test') }

const given = (...events: MeetingEvent[]) => events.reduce(meetingDecider.evolve, meetingDecider.initialState)
const when = (events: MeetingEvent[], command: MeetingCommand) =>
  meetingDecider.decide(given(...events), command, context)

const scheduled: MeetingEvent = {
  type: 'MeetingScheduled',
  data: {
    meetingId: 'm-1',
    userId: OWNER,
    createdBy: OWNER,
    contactId: null,
    taskId: null,
    subject: 'Fleet review',
    note: null,
    meetingStart: '2024-06-13T15:00:00.000Z',
    meetingEnd: '2024-06-13T16:00:00.000Z',
    location: 'Dallas',
    attendees: ['Ann'],
    timeZone: 'America/Chicago',
  },
}
const change = (userId: string, changes: object, managesOwner = false): MeetingCommand => ({
  type: 'ChangeMeeting',
  actor: managesOwner
    ? { userId, divisionId: 15, permissions: ['manager'], team: [OWNER] }
    : { userId, divisionId: 15, permissions: ['call'] },
  changes,
})

describe('meeting decider', () => {
  it('schedules on the author’s calendar with times in UTC and blanks as null', () => {
    const [event] = when([], {
      type: 'ScheduleMeeting',
      meetingId: 'm-1',
      actor: { userId: OWNER, divisionId: 15, permissions: ['call'] },
      data: {
        subject: ' Fleet review ',
        meetingStart: '2024-06-13T10:00:00-05:00',
        meetingEnd: '2024-06-13T11:00:00-05:00',
        note: ' ',
        attendees: [' Ann '],
      },
      timeZone: 'America/Chicago',
    })
    expect(event).toEqual({ ...scheduled, data: { ...scheduled.data, location: null } })
  })

  it('records only what changed, and nothing when nothing did', () => {
    expect(when([scheduled], change(OWNER, { subject: 'Fleet review', location: 'Austin' }))).toEqual([
      { type: 'MeetingChanged', data: { meetingId: 'm-1', changes: { location: 'Austin' }, changedBy: OWNER } },
    ])
    expect(when([scheduled], change(OWNER, { attendees: ['Ann'] }))).toEqual([])
  })

  it('keeps the end after the start, naming the field that moved', () => {
    expect(() => when([scheduled], change(OWNER, { meetingStart: '2024-06-13T16:00:00Z' }))).toThrow(
      expect.objectContaining({ field: 'meetingStart', message: meetingMessages.endBeforeStart }),
    )
    expect(() => when([scheduled], change(OWNER, { meetingEnd: '2024-06-13T14:00:00Z' }))).toThrow(
      expect.objectContaining({ field: 'meetingEnd', message: meetingMessages.endBeforeStart }),
    )
  })

  it('lets the owner’s manager edit, refuses anyone else, and knows no unknown meeting', () => {
    expect(when([scheduled], change(MANAGER, { subject: 'Moved' }, true))).toHaveLength(1)
    // Someone else's meeting is not theirs to see: answered as a missing one.
    expect(() => when([scheduled], change(STRANGER, { subject: 'Mine' }))).toThrow(
      expect.objectContaining({ status: 404 }),
    )
    expect(() => when([], change(OWNER, { subject: 'x' }))).toThrow(expect.objectContaining({ status: 404 }))
  })
})
