import { referralMessages, type ReferralPage, type ReferralTimeline } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

/** Referrals over HTTP (docs/product.md 7): send, is-referred, edit, the task, payment, reassignment, the lists. */
describe.each(databaseTargets())('referrals over HTTP on $name', (target) => {
  let s: LifecycleStack
  let sender: Actor
  let otherRep: Actor
  let receiver: Actor
  let nextReceiver: Actor
  let financeManager: Actor
  let salesManager: Actor
  let contactId: string
  let referralId: string
  let taskId: string

  const list = async (as: Actor, query = '') => {
    const response = await as.get(`/referral/get-referrals?${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as ReferralPage
  }

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    salesManager = await s.actor('Sue Sales', ['call', 'manager'])
    sender = await s.actor('Sam Sender', ['call'], { managerId: salesManager.userId })
    otherRep = await s.actor('Otto Other', ['call'])
    financeManager = await s.actor('Fay Finance', ['call', 'manager'], { divisionId: 2 })
    receiver = await s.actor('Rita Receiver', ['call'], { divisionId: 2, managerId: financeManager.userId })
    nextReceiver = await s.actor('Ned Next', ['call'], { divisionId: 2, managerId: financeManager.userId })
    contactId = await s.createContact(sender, { name: 'Referral Freight', divisionId: 15 })
  }, 120_000)
  afterAll(() => s.close())

  it('POST /referral: sends it, gives the attention-to user a task and a notification', async () => {
    const response = await sender.post('/referral', {
      contactId,
      divisionId: 2,
      subject: 'Needs financing for 5 trucks',
      effort_level: 122,
      grade: 109,
      attention_to: receiver.userId,
      note: 'Call the owner',
    })
    expect(response.statusCode, response.body).toBe(201)
    const body = response.json()
    expect(body.message).toBe('Referral successfully sent!')
    referralId = body.id
    taskId = body.taskId

    const tasks = await receiver.get('/task/assigned-tasks')
    expect(tasks.statusCode, tasks.body).toBe(200)
    const task = tasks.json().rows.find((t: { id: string }) => t.id === taskId)
    expect(task).toMatchObject({ referralId, contactId, title: 'Referral: Needs financing for 5 trucks' })

    const notifications = (await receiver.get('/notifications')).json()
    expect(notifications.rows[0]).toMatchObject({ kind: 'referral', contactId, taskId, raisedByName: 'Sam Sender' })

    // The contact joined the receiving division, for the receiving user.
    expect((await receiver.get(`/contacts/${contactId}`)).statusCode).toBe(200)
  })

  it('GET /referral/is-referred: true for that division, false for another; a second referral is refused', async () => {
    expect((await sender.get(`/referral/is-referred?contactId=${contactId}&divisionId=2`)).json()).toEqual({
      isReferred: true,
      referralId,
    })
    expect((await sender.get(`/referral/is-referred?contactId=${contactId}&divisionId=3`)).json()).toEqual({
      isReferred: false,
      referralId: null,
    })
    const again = await sender.post('/referral', {
      contactId,
      divisionId: 2,
      subject: 'Again',
      effort_level: 123,
      grade: 108,
      attention_to: receiver.userId,
    })
    expect(again.statusCode).toBeGreaterThanOrEqual(400)
    expect(again.statusCode).toBeLessThan(500)
    expect(again.json().detail ?? again.json().title).toContain(referralMessages.alreadyReferred)
  })

  it('refuses a user of another division as attention-to, under the field', async () => {
    const other = await s.createContact(sender, { name: 'Wrong Person Freight', divisionId: 15 })
    const response = await sender.post('/referral', {
      contactId: other,
      divisionId: 2,
      subject: 'x',
      effort_level: 122,
      grade: 108,
      attention_to: otherRep.userId,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({ attention_to: referralMessages.attentionToNotInDivision })
  })

  it('PATCH /referral/{id}: a new grade moves the due date to 17:00 plus the division’s days minus one', async () => {
    const before = (await list(sender, 'type=sent')).rows[0]!
    const response = await sender.patch(`/referral/${referralId}`, { grade: 108, timeZone: 'UTC' })
    expect(response.statusCode, response.body).toBe(200)
    const after = (await list(sender, 'type=sent')).rows[0]!
    expect(after.grade).toBe(108)
    expect(after.dueDate).not.toBe(before.dueDate)
    // Default hot days 2: tomorrow 17:00 UTC.
    const tomorrow = new Date()
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1)
    expect(after.dueDate).toBe(`${tomorrow.toISOString().slice(0, 10)}T17:00:00.000Z`)
    const due = await sender.get(`/referral/due-date?divisionId=2&grade=108&timeZone=UTC`)
    expect(due.json()).toEqual({ dueDate: after.dueDate })
  })

  it('PATCH /referral/{id}: the receiving user’s task moves with the due date, once per edit', async () => {
    const taskDue = async () =>
      ((await receiver.get('/task/assigned-tasks')).json().rows as { id: string; dueDate: string }[]).find(
        (t) => t.id === taskId,
      )?.dueDate
    const referralDue = async () => (await list(sender, 'type=sent')).rows[0]!.dueDate
    // The grade change above moved the referral, and its task with it.
    expect(await taskDue()).toBe(await referralDue())

    // A retried edit (same Idempotency-Key) re-dates the task once.
    const key = { 'idempotency-key': `regrade-${randomUUID()}` }
    for (let i = 0; i < 2; i++) {
      const again = await sender.raw('PATCH', `/referral/${referralId}`, { grade: 109, timeZone: 'UTC' }, key)
      expect(again.statusCode, again.body).toBe(200)
    }
    const due = await referralDue()
    expect(await taskDue()).toBe(due)
    const taskEvents = await s.store.readStream(`task-${taskId}`)
    const redated = taskEvents.filter((e) => e.type === 'TaskUpdated')
    expect(redated.map((e) => e.data)).toEqual([
      { taskId, changes: { dueDate: expect.any(String) } },
      { taskId, changes: { dueDate: due } },
    ])
    // Recorded as the sender's edit, caused by the referral's.
    expect(redated.at(-1)!.metadata).toMatchObject({ userId: sender.userId, causationId: expect.any(String) })

    // A due date chosen in the edit moves the task too.
    const chosen = await sender.patch(`/referral/${referralId}`, { dueDate: '2031-03-04T17:00:00Z' })
    expect(chosen.statusCode, chosen.body).toBe(200)
    expect(await taskDue()).toBe('2031-03-04T17:00:00.000Z')
  })

  it('is answered as missing to a rep who neither sent nor receives it', async () => {
    expect((await otherRep.patch(`/referral/${referralId}`, { subject: 'Mine now' })).statusCode).toBe(404)
    expect((await list(otherRep)).total).toBe(0)
  })

  it('PATCH /referral/update-attention-to/{id}: the receiving manager gives it, and its task, to another user', async () => {
    expect(
      (await sender.patch(`/referral/update-attention-to/${referralId}`, { attention_to: nextReceiver.userId }))
        .statusCode,
    ).toBe(403)
    const response = await financeManager.patch(`/referral/update-attention-to/${referralId}`, {
      attention_to: nextReceiver.userId,
    })
    expect(response.statusCode, response.body).toBe(200)
    const [row] = (await list(nextReceiver, 'type=received')).rows
    expect(row).toMatchObject({ id: referralId, attention_to: nextReceiver.userId, attentionToName: 'Ned Next' })
    const tasks = (await nextReceiver.get('/task/assigned-tasks')).json().rows
    expect(tasks.map((t: { id: string }) => t.id)).toContain(taskId)
  })

  it('POST /task names only a referral of that contact which the caller sees; otherwise 404', async () => {
    const other = await s.createContact(sender, { name: 'Unreferred Freight', divisionId: 15 })
    const task = (body: Record<string, unknown>, as = sender) =>
      as.post('/task', { title: 'Follow the referral', ...body })
    const malformed = await task({ contactId, referralId: 'not-a-referral' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().errors).toEqual({ referralId: referralMessages.notFound })
    // Missing, of another contact, or on a contact the caller may not see: all answered as missing.
    for (const [body, as] of [
      [{ contactId, referralId: randomUUID() }, sender],
      [{ contactId: other, referralId }, sender],
      [{ contactId, referralId }, otherRep],
    ] as const) {
      expect((await task(body, as)).statusCode, JSON.stringify(body)).toBe(404)
    }
    const named = await task({ contactId, referralId })
    expect(named.statusCode, named.body).toBe(201)
  })

  it('completing the referral’s task sets its status 2', async () => {
    const done = await nextReceiver.post(`/task/complete/${taskId}`, { nextStep: 10003, notes: 'Spoke to the owner' })
    expect(done.statusCode, done.body).toBe(200)
    const [row] = (await list(sender, 'type=sent')).rows
    expect(row).toMatchObject({ status: 2, paymentStatus: null })
  })

  it('PATCH /referral/mark-as-read/{id}: refused naming the missing fields, then Paid', async () => {
    const refused = await financeManager.patch(`/referral/mark-as-read/${referralId}`, { payee: 'Sam Sender' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().title).toBe(
      'You must enter data for Payment Date and Payment Amount to be able to mark as read',
    )
    const paid = await financeManager.patch(`/referral/mark-as-read/${referralId}`, {
      paymentDate: '2026-01-20T12:00:00Z',
      paymentAmount: 150.5,
      payee: 'Sam Sender',
    })
    expect(paid.statusCode, paid.body).toBe(200)
    const [row] = (await list(sender, 'type=sent&paymentStatus=Paid')).rows
    expect(row).toMatchObject({
      paymentStatus: 'Paid',
      paymentAmount: 150.5,
      payee: 'Sam Sender',
      payor: 2,
      paymentEnteredByName: 'Fay Finance',
    })
    expect((await list(sender, 'type=sent&paymentStatus=Unpaid')).total).toBe(0)
    // The sending division's manager sees it among those sent from the division.
    expect((await list(salesManager, 'type=sent&divisionId=2')).total).toBe(1)
    expect((await list(salesManager, 'type=received')).total).toBe(0)
  })

  it('the timeline and the contact’s history show what happened to it', async () => {
    const timeline = (await sender.get(`/referral/by-contact/${contactId}`)).json() as ReferralTimeline
    expect(timeline.referrals).toHaveLength(1)
    expect(timeline.referrals[0]!.happenings.map((h) => h.type)).toEqual([
      'ReferralSent',
      'ReferralChanged',
      // The retried edit once, then the chosen due date.
      'ReferralChanged',
      'ReferralChanged',
      'ReferralAttentionToChanged',
      'ReferralTaskCompleted',
      'ReferralMarkedRead',
    ])
    const history = (await sender.get(`/contacts/history/${contactId}`)).json() as { type: string; summary: string }[]
    const lines = history.map((h) => h.summary)
    // Division names come from the divisions read model (this stack seeds none): 'Referred from Sales to ...'.
    expect(lines.some((line) => line.startsWith('Referred from '))).toBe(true)
    expect(lines).toContain('Referral marked as read: Paid $150.50 to Sam Sender')
  })
})
