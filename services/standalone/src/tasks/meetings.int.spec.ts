import { meetingMessages, messages, taskMessages, type Calendar, type MeetingRow } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

const HOUR = 3_600_000
const DAY = 24 * HOUR
/** Whole minutes, so that times round-trip exactly. */
const base = Math.floor(Date.now() / 60_000) * 60_000
const at = (offsetMs: number) => new Date(base + offsetMs).toISOString()

describe.each(databaseTargets())('meeting events over HTTP on $name', (target) => {
  let s: LifecycleStack
  let manager: Actor
  let owner: Actor
  let other: Actor
  let contactId: string

  const calendar = async (as: Actor, from: string, to: string, userId = '') => {
    const query = new URLSearchParams({ from, to, ...(userId && { userId }) })
    const response = await as.get(`/calendar?${query}`)
    // Read-your-writes: the calendar waited for the meeting and task read models instead of answering stale.
    expect(response.headers['x-read-model-stale']).toBeUndefined()
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as Calendar
  }
  const schedule = async (as: Actor, body: Record<string, unknown>) => {
    const response = await as.post('/events', {
      subject: 'Fleet review',
      meetingStart: at(2 * HOUR),
      meetingEnd: at(3 * HOUR),
      ...body,
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json().id as string
  }

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    manager = await s.actor('Max Manager', ['call', 'manager'])
    owner = await s.actor('Olive Owner', ['call'], { managerId: manager.userId })
    other = await s.actor('Otto Other', ['call'])
    contactId = await s.createContact(owner, { name: 'Meeting Freight' })
  })
  afterAll(() => s.close())

  it('schedules a meeting that shows on the owner’s calendar and in today’s meetings', async () => {
    const id = await schedule(owner, {
      contactId,
      note: 'Bring the rate sheet',
      location: 'Dallas yard',
      attendees: ['dispatch@meeting-freight.example', ' Bob Driver '],
      meetingStart: at(0),
      meetingEnd: at(HOUR),
      timeZone: 'UTC',
    })
    const { meetings, tasks } = await calendar(owner, at(-DAY), at(DAY))
    expect(tasks).toEqual([])
    expect(meetings).toEqual([
      {
        id,
        contactId,
        contactName: 'Meeting Freight',
        taskId: null,
        subject: 'Fleet review',
        note: 'Bring the rate sheet',
        meetingStart: at(0),
        meetingEnd: at(HOUR),
        location: 'Dallas yard',
        attendees: ['dispatch@meeting-freight.example', 'Bob Driver'],
        timeZone: 'UTC',
        userId: owner.userId,
      },
    ])
    const today = (await owner.get('/task/today-meeting?timeZone=UTC')).json() as MeetingRow[]
    expect(today.map((m) => m.id)).toContain(id)
    expect(
      ((await other.get('/task/today-meeting?timeZone=UTC')).json() as MeetingRow[]).map((m) => m.id),
    ).not.toContain(id)
  })

  it('answers invalid meetings with the message under the field', async () => {
    const invalid = async (body: Record<string, unknown>) => {
      const response = await owner.post('/events', {
        subject: 'Quote',
        meetingStart: at(HOUR),
        meetingEnd: at(2 * HOUR),
        ...body,
      })
      expect(response.statusCode).toBe(400)
      return response.json().errors as Record<string, string>
    }
    expect((await invalid({ subject: '  ' })).subject).toBe(taskMessages.subjectRequired)
    expect((await invalid({ subject: undefined })).subject).toBe(meetingMessages.subjectRequired)
    expect((await invalid({ meetingEnd: at(HOUR) })).meetingEnd).toBe(meetingMessages.endBeforeStart)
    expect((await invalid({ meetingEnd: at(0) })).meetingEnd).toBe(meetingMessages.endBeforeStart)
    expect((await invalid({ meetingStart: 'tomorrow' })).meetingStart).toBe(meetingMessages.startRequired)
    expect((await invalid({ attendees: ['Ann', 'ann@'] }))['attendees.1']).toBe(messages.invalidEmail)
    expect((await invalid({ attendees: [''] }))['attendees.0']).toBe(meetingMessages.attendeeRequired)
    const many = Array.from({ length: 51 }, (_, i) => `guest${i}@example.com`)
    expect((await invalid({ attendees: many })).attendees).toBe(meetingMessages.tooManyAttendees)
    expect(
      (
        await owner.post('/events', {
          subject: 'Fifty',
          meetingStart: at(HOUR),
          meetingEnd: at(2 * HOUR),
          attendees: many.slice(0, 50),
        })
      ).statusCode,
    ).toBe(201)
  })

  it('lets the owner and their manager edit, nobody else (404, as missing); times stay in order', async () => {
    const id = await schedule(owner, { meetingStart: at(5 * DAY), meetingEnd: at(5 * DAY + HOUR) })
    const edit = (as: Actor, body: Record<string, unknown>, meetingId = id) => as.patch(`/events/${meetingId}`, body)

    expect((await edit(owner, { subject: 'Fleet review, part 2', location: '' })).statusCode).toBe(200)
    const moved = await edit(owner, { meetingStart: at(5 * DAY + 2 * HOUR) })
    expect(moved.statusCode).toBe(400)
    expect(moved.json().errors.meetingStart).toBe(meetingMessages.endBeforeStart)
    expect((await edit(owner, { subject: '' })).json().errors.subject).toBe(meetingMessages.subjectRequired)
    expect((await edit(other, { subject: 'Mine now' })).statusCode).toBe(404)
    expect((await edit(manager, { meetingEnd: at(5 * DAY + 3 * HOUR), attendees: ['Ann Lee'] })).statusCode).toBe(200)
    expect((await edit(owner, { subject: 'x' }, crypto.randomUUID())).statusCode).toBe(404)

    const [meeting] = (await calendar(owner, at(5 * DAY), at(6 * DAY))).meetings
    expect(meeting).toMatchObject({
      id,
      subject: 'Fleet review, part 2',
      location: null,
      meetingStart: at(5 * DAY),
      meetingEnd: at(5 * DAY + 3 * HOUR),
      attendees: ['Ann Lee'],
    })
  })

  it('reads [from, to): tasks by due date, meetings by start; others’ calendars as visibility allows', async () => {
    const from = at(20 * DAY)
    const to = at(27 * DAY)
    const first = await schedule(owner, { meetingStart: from, meetingEnd: at(20 * DAY + HOUR) })
    await schedule(owner, { meetingStart: to, meetingEnd: at(27 * DAY + HOUR) })
    const before = await schedule(owner, { meetingStart: at(20 * DAY - 60_000), meetingEnd: at(20 * DAY + HOUR) })
    const taskContact = await s.createContact(owner, { name: 'Calendar Freight' })
    const due = await owner.post('/task', { title: 'Site visit', contactId: taskContact, dueDate: at(22 * DAY) })
    await owner.post('/task', {
      title: 'Too late',
      contactId: await s.createContact(owner, { name: 'Later Freight' }),
      dueDate: to,
    })

    const week = await calendar(owner, from, to)
    expect(week.meetings.map((m) => m.id)).toEqual([first])
    expect(week.meetings.map((m) => m.id)).not.toContain(before)
    expect(week.tasks.map((t) => ({ id: t.id, contactName: t.contactName, displayStatus: t.displayStatus }))).toEqual([
      { id: due.json().id, contactName: 'Calendar Freight', displayStatus: 0 },
    ])

    expect((await calendar(manager, from, to, owner.userId)).meetings.map((m) => m.id)).toEqual([first])
    expect((await other.get(`/calendar?from=${from}&to=${to}&userId=${owner.userId}`)).statusCode).toBe(403)
    expect((await calendar(other, from, to)).meetings).toEqual([])
    const backwards = await owner.get(`/calendar?from=${to}&to=${from}`)
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().title).toBe('Invalid Date Range')
    expect((await owner.get(`/calendar?from=${from}&to=${at(200 * DAY)}`)).statusCode).toBe(400)
  })
})
