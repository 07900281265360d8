import { effortLevelLockedFor, messages } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from './lifecycle-stack'

const call = (contactId: string, divisionId = 15) => ({
  contactId,
  divisionId,
  activityType: 10009,
  subject: 'Intro call',
  callData: { duration: 0, outcome: 'Attempted' },
})
const toProspect = (contactId: string) => ({
  contactId,
  divisionId: 15,
  statusId: 2,
  effortLevel: 122,
  grade: 108,
  prospectSource: 1,
})
const toAccount = (contactId: string) => ({
  contactId,
  divisionId: 15,
  statusId: 3,
  accountSource: 1,
  nationalityId: 2,
})

describe.each(databaseTargets())('contact status transitions over HTTP on $name', (target) => {
  let s: LifecycleStack
  let admin: Actor
  let rep: Actor
  let manager: Actor
  beforeAll(async () => {
    s = await createLifecycleStack(target)
    admin = await s.adminActor()
    rep = await s.actor('Rita Rep', ['call'])
    manager = await s.actor('Mona Manager', ['call', 'manager', 'change-contact-status'])
  })
  afterAll(() => s.close())

  const history = async (contactId: string) =>
    (await admin.get(`/contact-divisions/status-changes?contactId=${contactId}`)).json().rows as Record<
      string,
      unknown
    >[]

  it('Lead → Prospect → Account: refused without an activity, then converted with 200 and in the history', async () => {
    const id = await s.createContact(rep)
    const refused = await rep.post('/contacts/convertContact', toProspect(id))
    expect(refused.statusCode).toBe(422)
    expect(refused.json().title).toBe("You don't have activity for this contact")
    expect((await rep.get(`/contacts/isContactActivity/${id}`)).json()).toEqual({ hasActivity: false })

    expect((await rep.post('/activity', call(id))).statusCode).toBe(201)
    expect((await rep.get(`/contacts/isContactActivity/${id}`)).json()).toEqual({ hasActivity: true })
    const prospect = await rep.post('/contacts/convertContact', toProspect(id))
    expect(prospect.statusCode).toBe(200)
    expect(prospect.json()).toMatchObject({ id, position: expect.any(String) })
    const account = await rep.post('/contacts/convertContact', toAccount(id))
    expect(account.statusCode).toBe(200)

    const contact = (await rep.get(`/contacts/${id}`)).json()
    expect(contact.contactDivisionData).toMatchObject([
      { divisionId: 15, statusId: 3, grade: 108, effortLevel: 122, prospectSource: 1, accountSource: 1 },
    ])
    expect(contact.preferredLanguage).toBe('Spanish')
    expect(await history(id)).toMatchObject([
      { fromStatusId: 2, toStatusId: 3, userName: 'Rita Rep', divisionId: 15, reason: 'Converted' },
      { fromStatusId: 1, toStatusId: 2, userName: 'Rita Rep', divisionId: 15, reason: 'Converted' },
    ])
  })

  it('answers missing convert fields under the field, and refuses Accounts', async () => {
    const id = await s.createContact(rep)
    await rep.post('/activity', call(id))
    const missing = await rep.post('/contacts/convertContact', { ...toProspect(id), grade: null })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors).toEqual({ grade: messages.gradeRequired })
    // Nothing chosen: one answer names all three fields.
    const none = await rep.post('/contacts/convertContact', {
      ...toProspect(id),
      effortLevel: null,
      grade: null,
      prospectSource: null,
    })
    expect(none.json().errors).toEqual({
      effortLevel: messages.effortLevelRequired,
      grade: messages.gradeRequired,
      prospectSource: messages.prospectSourceRequired,
    })
    const locked = await s.createContact(rep, { companyTypeId: 1, numberOfTrucks: 10 })
    await rep.post('/activity', call(locked))
    const other = await rep.post('/contacts/convertContact', { ...toProspect(locked), effortLevel: 122 })
    expect(other.json().errors).toEqual({ effortLevel: effortLevelLockedFor(1) })
  })

  it('converts a Lead to an unassigned Prospect and, with a lessee, a Prospect to an Account', async () => {
    const id = await s.createContact(rep)
    await rep.post('/activity', call(id))
    const unassigned = await rep.post('/contacts/convert-un-prospect', {
      contactId: id,
      divisionId: 15,
      grade: 109,
      prospectSource: 2,
    })
    expect(unassigned.statusCode).toBe(200)
    expect((await manager.get(`/contacts/${id}`)).json().contactDivisionData[0]).toMatchObject({
      statusId: 2,
      assigned: null,
    })

    const lessor = await s.createContact(rep, {
      name: 'Big Lessor Inc',
      mcNumber: 'MC424242',
      address: { city: 'Tulsa' },
    })
    const found = await rep.get('/contacts/lessee/MC424242')
    expect(found.json()).toMatchObject({ mcNumber: 'MC424242', lesseeName: 'Big Lessor Inc', lesseeContactId: lessor })
    const withLessee = await manager.post('/contacts/convertContact/lessee', { ...toAccount(id), lessee: found.json() })
    expect(withLessee.statusCode).toBe(200)
    expect((await manager.get(`/contacts/${id}`)).json().lessee).toMatchObject({
      mcNumber: 'MC424242',
      lesseeCity: 'Tulsa',
    })
  })

  it('change-contact-status needs its permission; Pending only in division 3; bulk without additional actions', async () => {
    const id = await s.createContact(rep)
    const denied = await rep.post('/contacts/status-change', { contactId: id, divisionId: 15, statusId: 4 })
    expect(denied.statusCode).toBe(403)
    const bucket = await manager.post('/contacts/status-change', { contactId: id, divisionId: 15, statusId: 4 })
    expect(bucket.statusCode).toBe(200)
    expect((await manager.get(`/contacts/${id}`)).json().contactDivisionData[0]).toMatchObject({
      statusId: 4,
      assigned: null,
    })
    const pending = await manager.post('/contacts/status-change', { contactId: id, divisionId: 15, statusId: 8 })
    expect(pending.json()).toMatchObject({ status: 422, title: messages.pendingOnlyLogistics })

    const other = await s.createContact(rep)
    const bulk = await admin.post('/contacts/change-contact-status-without-additional-actions', {
      contactIds: [id, other],
      divisionId: 15,
      statusId: 5,
    })
    expect(bulk.json()).toMatchObject({ done: 2, failed: [] })
    // The form sent with nothing chosen: each select is named, not 'Too small: expected number to be >=1'.
    const unchosen = await admin.post('/contacts/change-contact-status-without-additional-actions', {
      contactIds: [id],
      divisionId: 0,
      statusId: 0,
    })
    expect(unchosen.statusCode).toBe(400)
    expect(unchosen.json().errors).toMatchObject({
      divisionId: messages.selectDivision,
      statusId: messages.selectStatus,
    })
    expect((await history(other))[0]).toMatchObject({ fromStatusId: 1, toStatusId: 5, reason: 'Status changed (bulk)' })
  })

  it('dead and not qualified', async () => {
    const id = await s.createContact(rep)
    expect((await rep.post('/contact-dead', { contactId: id, divisionId: 15, notes: 'Closed' })).statusCode).toBe(200)
    const again = await rep.post('/contact-dead', { contactId: id, divisionId: 15 })
    expect(again.json().title).toBe('The contact is already Dead')
    expect((await rep.post('/contact-not-qualified', { contactId: id, divisionId: 15 })).statusCode).toBe(200)
    expect((await history(id)).map((h) => h.toStatusId)).toEqual([7, 6])
  })

  it('give up: reason, notes for Other, and min_call_attempts call attempts', async () => {
    const id = await s.createContact(rep)
    const noReason = await rep.post('/contact-give-up', { contactId: id, divisionId: 15 })
    expect(noReason.json().errors).toEqual({ giveUpReason: 'Please select reason why you gave up!' })
    const noNotes = await rep.post('/contact-give-up', { contactId: id, divisionId: 15, giveUpReason: 'Other' })
    expect(noNotes.json().errors).toEqual({ otherReasonNote: 'Please provide notes for why you gave up!' })
    await rep.post('/activity', call(id))
    const early = await rep.post('/contact-give-up', { contactId: id, divisionId: 15, giveUpReason: 'Not interested' })
    expect(early.statusCode).toBe(422)
    expect(early.json().title).toBe('You have made 1 attempts and 3 attempts are required before giving up')
    expect((await rep.get(`/activity/get-call-attempts?contactId=${id}&divisionId=15`)).json()).toEqual({
      callAttempts: 1,
      minCallAttempts: 3,
    })
    await rep.post('/activity', { ...call(id), source: 'no-answer', subject: 'No Answer' })
    await rep.post('/activity', call(id))
    const given = await rep.post('/contact-give-up', {
      contactId: id,
      divisionId: 15,
      giveUpReason: 'Other',
      otherReasonNote: 'Sold',
    })
    expect(given.statusCode).toBe(200)
    expect((await history(id))[0]).toMatchObject({ fromStatusId: 1, toStatusId: 4, reason: 'Gave up: Other (Sold)' })
  })

  it('contract lost: Accounts only; another division needs contract-lost-division', async () => {
    const id = await s.createContact(rep)
    const lost = {
      contactId: id,
      dateLost: '2025-02-01',
      dateToFollowUp: '2025-08-01',
      lostReason: 'Price',
      notes: 'x',
    }
    expect((await rep.post('/contract-lost', lost)).json().title).toBe(messages.contractLostOnlyAccounts)
    await rep.post('/activity', call(id))
    await rep.post('/contacts/convertContact', toProspect(id))
    await rep.post('/contacts/convertContact', toAccount(id))
    expect((await rep.post('/contract-lost', { ...lost, divisionId: 2 })).statusCode).toBe(403)
    expect((await rep.post('/contract-lost', lost)).statusCode).toBe(200)
    expect((await history(id))[0]).toMatchObject({ fromStatusId: 3, toStatusId: 5, reason: 'Contract lost: Price' })
  })

  it('the audit screen filters by user, division, transition and dates, and exports Excel and CSV', async () => {
    expect((await rep.get('/contact-divisions/status-changes')).statusCode).toBe(403)
    const byRep = (
      await manager.get(`/contact-divisions/status-changes?userId=${rep.userId}&fromStatusId=1&toStatusId=2`)
    ).json()
    expect(byRep.total).toBeGreaterThanOrEqual(3)
    expect(byRep.rows.every((r: Record<string, unknown>) => r.userName === 'Rita Rep' && r.toStatusId === 2)).toBe(true)
    const future = (await manager.get('/contact-divisions/status-changes?dateFrom=2999-01-01')).json()
    expect(future.total).toBe(0)
    const xlsx = await manager.get('/contact-divisions/status-changes?exportType=excel')
    expect(xlsx.headers['content-type']).toContain('spreadsheetml')
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK')
    await s.nameDivision(15, 'Sales')
    const csv = await manager.get(`/contact-divisions/status-changes?exportType=csv&userId=${rep.userId}`)
    expect(csv.body.split('\r\n')[0]).toBe('Date (UTC),User,Contact,Division,From,To,Reason')
    expect(csv.body).toContain('Rita Rep')
    // Divisions by name, as people read them, not by id.
    const line = csv.body.split('\r\n')[1]!.split(',')
    expect(line[3]).toBe('Sales')
  })
})
