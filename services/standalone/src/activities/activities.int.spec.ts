import { ActivityType, activityMessages, messages, type TimelinePage } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

const DAY_MS = 86_400_000
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString()
const ymd = (iso: string) => iso.slice(0, 10)
const call = (contactId: string, subject = 'Intro call', occurredAt = daysAgo(1)) => ({
  contactId,
  divisionId: 15,
  activityType: ActivityType.OutgoingCall,
  subject,
  occurredAt,
  callData: { duration: 125, outcome: 'Attempted' },
})

describe.each(databaseTargets())('activities, shared notes and comments over HTTP on $name', (target) => {
  let s: LifecycleStack
  let admin: Actor
  let manager: Actor
  let rep: Actor
  let otherRep: Actor
  beforeAll(async () => {
    s = await createLifecycleStack(target)
    admin = await s.adminActor()
    manager = await s.actor('Mona Manager', ['call', 'manager'])
    rep = await s.actor('Rita Rep', ['call'], { managerId: manager.userId })
    otherRep = await s.actor('Otto Rep', ['call'])
  })
  afterAll(() => s.close())

  const streamLength = async (contactId: string) => (await s.store.readStream(`contact-${contactId}`)).length
  const timeline = async (as: Actor, contactId: string) =>
    (await as.get(`/contact-activities-timeline/all?contactId=${contactId}&limit=100`)).json() as TimelinePage
  const attempts = async (as: Actor, contactId: string) =>
    (await as.get(`/activity/get-call-attempts?contactId=${contactId}&divisionId=15`)).json().callAttempts as number
  const log = async (as: Actor, body: object) => {
    const response = await as.post('/activity', body)
    expect(response.statusCode, response.body).toBe(201)
    return response.json().id as string
  }

  it('POST /activity: meetings only today or the two days before; direct mail only with its permission', async () => {
    const id = await s.createContact(rep, { name: 'Meeting Freight' })
    const meeting = { contactId: id, activityType: ActivityType.Meeting, subject: 'Yard visit' }
    const before = await streamLength(id)
    const old = await rep.post('/activity', { ...meeting, occurredAt: daysAgo(4) })
    expect(old.statusCode).toBe(400)
    expect(old.json().errors.occurredAt).toBe(activityMessages.meetingDateOutOfRange)
    expect((await rep.post('/activity', { ...meeting, occurredAt: daysAgo(1), utcOffset: 0 })).statusCode).toBe(201)

    const directMail = { contactId: id, activityType: ActivityType.DirectMail, subject: 'Spring flyer' }
    expect((await rep.post('/activity', directMail)).statusCode).toBe(403)
    expect(await streamLength(id)).toBe(before + 1)
    expect((await admin.post('/activity', directMail)).statusCode).toBe(201)
    expect((await rep.post('/activity', { ...meeting, subject: ' ' })).json().errors.subject).toBe(
      activityMessages.subjectRequired,
    )
  })

  it('PATCH /activity/{id}: the author or a manager edits; others get 404 (the contact is not theirs to see) and nothing is appended', async () => {
    const id = await s.createContact(rep, { name: 'Edit Freight' })
    const activityId = await log(rep, call(id))
    const before = await streamLength(id)
    expect((await otherRep.patch(`/activity/${activityId}`, { contactId: id, subject: 'Mine now' })).statusCode).toBe(
      404,
    )
    expect(await streamLength(id)).toBe(before)

    const edited = await rep.patch(`/activity/${activityId}`, {
      contactId: id,
      subject: 'Pricing call',
      notes: 'Wants a quote by Friday',
      callData: { duration: 3_725, outcome: 'Answered' },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect((await timeline(rep, id)).items).toMatchObject([
      { id: activityId, subject: 'Pricing call', notes: 'Wants a quote by Friday', callDuration: 3_725 },
    ])
    expect((await manager.patch(`/activity/${activityId}`, { contactId: id, notes: null })).statusCode).toBe(200)
    const [row] = (await rep.get(`/activity/activities-by-contact/${id}`)).json()
    expect(row).toMatchObject({ activityId, subject: 'Pricing call', notes: null, callOutcome: 'Answered' })

    const toMeeting = await rep.patch(`/activity/${activityId}`, {
      contactId: id,
      activityType: ActivityType.Meeting,
      occurredAt: daysAgo(5),
    })
    expect(toMeeting.json().errors.occurredAt).toBe(activityMessages.meetingDateOutOfRange)
    expect((await rep.patch(`/activity/${activityId}`, { contactId: id, activityType: 10014 })).statusCode).toBe(403)
    expect((await rep.patch(`/activity/${activityId}`, { contactId: id, subject: '' })).json().errors.subject).toBe(
      activityMessages.subjectRequired,
    )
    expect((await rep.patch(`/activity/${crypto.randomUUID()}`, { contactId: id, subject: 'x' })).statusCode).toBe(404)
  })

  it('set-inactive: the activity leaves the timeline, the lists and the call attempts give up counts', async () => {
    const id = await s.createContact(rep, { name: 'Inactive Freight' })
    const ids = [
      await log(rep, call(id, 'Call 1')),
      await log(rep, call(id, 'Call 2')),
      await log(rep, call(id, 'Call 3')),
    ]
    expect(await attempts(rep, id)).toBe(3)
    expect((await otherRep.patch(`/activity/set-inactive/${ids[1]}`, { contactId: id })).statusCode).toBe(404)

    expect((await rep.patch(`/activity/set-inactive/${ids[1]}`, { contactId: id })).statusCode).toBe(200)
    const items = (await timeline(rep, id)).items
    expect(items.map((i) => i.subject)).toEqual(['Call 3', 'Call 1'])
    // Labels renumber without the withdrawn call.
    expect(items.map((i) => i.followUpLabel)).toEqual(['Follow Up 1', 'Initial'])
    expect(await attempts(rep, id)).toBe(2)
    const byType = (await rep.get(`/activity/by-type?type=10009&contactId=${id}`)).json()
    expect(byType.total).toBe(2)
    expect((await rep.get(`/activity/activities-by-contact/${id}`)).json()).toHaveLength(2)

    const giveUp = { contactId: id, divisionId: 15, giveUpReason: 'Not interested' }
    const refused = await rep.post('/contact-give-up', giveUp)
    expect(refused.json().title).toBe(messages.notEnoughCallAttempts(2, 3))
    // Set inactive again changes nothing; an inactive activity cannot be edited.
    expect((await rep.patch(`/activity/set-inactive/${ids[1]}`, { contactId: id })).statusCode).toBe(200)
    const editInactive = await rep.patch(`/activity/${ids[1]}`, { contactId: id, subject: 'Back' })
    expect(editInactive.json().title).toBe(activityMessages.activityInactive)
    await log(rep, call(id, 'Call 4'))
    expect((await rep.post('/contact-give-up', giveUp)).statusCode).toBe(200)
  })

  it('GET /activity/by-type pages one type: a contact, or what the caller may see', async () => {
    const id = await s.createContact(rep, { name: 'ByType Freight' })
    for (let i = 1; i <= 3; i++) await log(rep, { ...call(id, `Email ${i}`), activityType: 10012, callData: null })
    await log(rep, call(id))
    const page = (await rep.get(`/activity/by-type?type=10012&contactId=${id}&limit=2&first=0`)).json()
    expect(page.total).toBe(3)
    expect(page.rows.map((r: { subject: string }) => r.subject)).toHaveLength(2)
    const second = (await rep.get(`/activity/by-type?type=10012&contactId=${id}&limit=2&first=2`)).json()
    expect(second.rows).toHaveLength(1)
    expect((await otherRep.get(`/activity/by-type?type=10012&contactId=${id}`)).statusCode).toBe(404)
    // Without a contact: a rep sees only their own, the manager the division's.
    const mine = (await otherRep.get('/activity/by-type?type=10012')).json()
    expect(mine.total).toBe(0)
    expect((await manager.get('/activity/by-type?type=10012')).json().total).toBeGreaterThanOrEqual(3)
    expect((await rep.get('/activity/by-type?type=10014')).statusCode).toBe(403)
    expect((await rep.get('/activity/by-type?type=99')).statusCode).toBe(400)
  })

  it('GET /activity/summary/{1..12} counts the caller’s active activities per type over the range', async () => {
    const summarist = await s.actor('Sam Summary', ['call'], { managerId: manager.userId })
    const id = await s.createContact(summarist, { name: 'Summary Freight' })
    await log(summarist, call(id, 'Call A'))
    const dropped = await log(summarist, call(id, 'Call B'))
    await log(summarist, { ...call(id, 'Text'), activityType: ActivityType.TextMessage, callData: null })
    await summarist.patch(`/activity/set-inactive/${dropped}`, { contactId: id })

    const last30 = (await summarist.get('/activity/summary/12')).json()
    expect(last30).toMatchObject({ summaryId: 12, label: 'Last 30 days', userId: summarist.userId, total: 2 })
    expect(last30.counts).toContainEqual({ activityType: ActivityType.OutgoingCall, count: 1 })
    expect(last30.counts).toContainEqual({ activityType: ActivityType.TextMessage, count: 1 })
    expect(last30.callDuration).toBe(125)
    expect(last30.dateTo).toBe(ymd(new Date().toISOString()))
    expect((await summarist.get('/activity/summary/9')).json().dateFrom).toBe(ymd(new Date().toISOString()))

    // The manager sees a team member's; a rep outside the team may not.
    expect((await manager.get(`/activity/summary/12?userId=${summarist.userId}`)).json().total).toBe(2)
    expect((await otherRep.get(`/activity/summary/12?userId=${summarist.userId}`)).statusCode).toBe(403)
    expect((await summarist.get('/activity/summary/13')).statusCode).toBe(400)

    const range = `dateFrom=${ymd(daysAgo(10))}&dateTo=${ymd(daysAgo(-1))}`
    const contacts = (await summarist.get(`/activity/summary/contacts?${range}&activityType=10009`)).json()
    expect(contacts).toMatchObject({ total: 1, rows: [{ contactId: id, name: 'Summary Freight', activities: 1 }] })
    expect((await summarist.get(`/activity/summary/contacts?${range}&activityType=10012`)).json().total).toBe(0)
    for (const bad of ['', `dateFrom=${ymd(daysAgo(1))}`, `dateFrom=${ymd(daysAgo(1))}&dateTo=${ymd(daysAgo(3))}`]) {
      const answer = await summarist.get(`/activity/summary/contacts?${bad}`)
      expect(answer.statusCode).toBe(400)
      expect(answer.json().title).toBe(activityMessages.selectDateRange)
    }
  })

  it('shared notes: add (note required), list newest first, remove by author or manager only', async () => {
    const id = await s.createContact(rep, { name: 'Shared Freight' })
    const empty = await rep.post('/activity/shared-notes', { contactId: id, note: '  ' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors.note).toBe(messages.enterNote)
    const first = await rep.post('/activity/shared-notes', { contactId: id, subject: 'Dock', note: 'Closes at 4pm' })
    expect(first.statusCode).toBe(201)
    await manager.post('/activity/shared-notes', { contactId: id, divisionId: 3, note: 'Prefers reefer loads' })
    const page = (await rep.get(`/activity/shared-notes?contactId=${id}`)).json()
    expect(page.total).toBe(2)
    expect(page.rows).toMatchObject([
      { note: 'Prefers reefer loads', divisionId: 3, subject: null, createdByName: 'Mona Manager' },
      { note: 'Closes at 4pm', subject: 'Dock', createdBy: rep.userId, oldCrmNote: null, attachments: [] },
    ])
    const before = await streamLength(id)
    expect((await otherRep.delete(`/activity/shared-notes/${first.json().id}?contactId=${id}`)).statusCode).toBe(404)
    expect(await streamLength(id)).toBe(before)
    expect((await rep.delete(`/activity/shared-notes/${first.json().id}?contactId=${id}`)).statusCode).toBe(200)
    expect((await rep.get(`/activity/shared-notes?contactId=${id}`)).json().rows).toHaveLength(1)
    expect((await otherRep.get(`/activity/shared-notes?contactId=${id}`)).statusCode).toBe(404)
  })

  it('comments: subject optional, note required; the author or a division manager removes them', async () => {
    const id = await s.createContact(rep, { name: 'Comment Freight' })
    expect((await rep.post('/activity/comments', { contactId: id, subject: 'Hi' })).json().errors.note).toBe(
      messages.enterNote,
    )
    const comment = await rep.post('/activity/comments', { contactId: id, note: 'Owner is on vacation' })
    expect(comment.statusCode).toBe(201)
    await rep.post('/activity/comments', { contactId: id, subject: 'Fleet', note: 'Adding 4 trucks in June' })
    const listed = (await rep.get(`/activity/comments/by-contact/${id}`)).json()
    expect(listed).toMatchObject([
      { subject: 'Fleet', note: 'Adding 4 trucks in June', createdByName: 'Rita Rep' },
      { subject: null, note: 'Owner is on vacation' },
    ])
    expect((await otherRep.delete(`/activity/comments/${comment.json().id}?contactId=${id}`)).statusCode).toBe(404)
    expect((await manager.delete(`/activity/comments/${comment.json().id}?contactId=${id}`)).statusCode).toBe(200)
    expect((await rep.delete(`/activity/comments/${comment.json().id}?contactId=${id}`)).statusCode).toBe(404)
    expect((await rep.get(`/activity/comments/by-contact/${id}`)).json()).toHaveLength(1)
  })
})
