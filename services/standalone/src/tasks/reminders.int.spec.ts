import { TASK_REMINDER_JOB, type NotificationList } from '@crm/contracts'
import { createJobQueue, type Database } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startReminderStack, type ReminderActor, type ReminderStack } from './reminder-stack'

const MINUTE = 60_000
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A due date whose 15-minute reminder falls `inMs` from now. */
const dueWithReminderIn = (inMs: number) => new Date(Date.now() + 15 * MINUTE + inMs).toISOString()

describe.each(databaseTargets())('task reminders and notifications on $name', (target) => {
  let database: Database
  let s: ReminderStack
  let rep: ReminderActor
  let otherRep: ReminderActor
  let manager: ReminderActor

  const notifications = async (as: ReminderActor) => (await as.get('/notifications')).json() as NotificationList
  const raised = async (userId: string) =>
    (await s.store.readStream(`notifications-${userId}`)).filter((e) => e.type === 'NotificationRaised')
  async function untilNotified(as: ReminderActor, count: number, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const list = await notifications(as)
      if (list.rows.length >= count || Date.now() > deadline) return list
      await sleep(100)
    }
  }
  const contact = async (as: ReminderActor, name: string) => {
    const response = await as.post('/contacts', { name, organizationTypeId: 7 })
    expect(response.statusCode).toBe(201)
    return response.json().id as string
  }

  beforeAll(async () => {
    database = await target.create()
    s = await startReminderStack({ database, jobs: createJobQueue({}) })
    manager = await s.login('Mel Manager', ['call', 'manager', 'assign-any', 'none-next-step'])
    rep = await s.login('Remy Rep', ['call'], manager.userId)
    otherRep = await s.login('Olga Rep', ['call'])
  })
  afterAll(async () => {
    await s?.close()
    await database?.close()
  })

  it('reminds the assignee once, at the due date minus the reminder', async () => {
    const contactId = await contact(rep, 'Reminder Freight')
    const dueDate = dueWithReminderIn(5000)
    const created = await rep.post('/task', { title: 'Call about the lease', contactId, dueDate, reminder: 15 })
    expect(created.statusCode).toBe(201)
    const taskId = created.json().id as string
    expect((await notifications(rep)).rows).toHaveLength(0)

    const list = await untilNotified(rep, 1)
    const remindAt = new Date(Date.parse(dueDate) - 15 * MINUTE).toISOString()
    expect(list.unread).toBe(1)
    expect(list.rows[0]).toMatchObject({
      kind: 'task-reminder',
      title: 'Call about the lease',
      contactId,
      contactName: 'Reminder Freight',
      taskId,
      dueDate,
      remindAt,
      readAt: null,
    })
    expect(Date.parse(list.rows[0]!.raisedAt)).toBeGreaterThanOrEqual(Date.parse(remindAt))
    expect((await notifications(manager)).rows).toHaveLength(0)

    // The same reminder run again (a retried or duplicated job) notifies nobody twice.
    const again = await s.jobs.enqueue(
      TASK_REMINDER_JOB,
      { taskId, remindAt, assigned: rep.userId },
      { jobId: 'rerun' },
    )
    for (let i = 0; i < 100 && (await s.jobs.getJob(TASK_REMINDER_JOB, again))?.state !== 'completed'; i++)
      await sleep(50)
    expect((await s.jobs.getJob(TASK_REMINDER_JOB, again))?.result).toEqual({ fired: false })
    expect(await raised(rep.userId)).toHaveLength(1)
    const fired = (await s.store.readStream(`task-${taskId}`)).filter((e) => e.type === 'TaskReminderFired')
    expect(fired.map((e) => e.data)).toEqual([expect.objectContaining({ remindAt, assigned: rep.userId })])
  })

  it('sends nothing for a deleted or completed task, nor one whose contact left the pipeline, and follows a new due date and a new assignee', async () => {
    // Long enough ahead for the changes below to land before any of these reminders is due.
    const dueDate = dueWithReminderIn(12_000)
    const create = async (as: ReminderActor, title: string, extra: object = {}) => {
      const contactId = await contact(as, `${title} Freight`)
      const response = await as.post('/task', { title, contactId, dueDate, reminder: 15, ...extra })
      expect(response.statusCode).toBe(201)
      return { taskId: response.json().id as string, contactId }
    }
    const { taskId: deleted } = await create(otherRep, 'Deleted')
    const { taskId: completed } = await create(otherRep, 'Completed')
    const { taskId: moved } = await create(otherRep, 'Moved')
    const { contactId: dead } = await create(otherRep, 'Dead contact')
    const { contactId: closedDoors } = await create(otherRep, 'Out of business')
    // For a rep of the manager's team: a manager may touch only their team's tasks.
    const { taskId: handedOver } = await create(manager, 'Handed over', { assigned: rep.userId })
    const markedDead = await otherRep.post('/contact-dead', { contactId: dead, divisionId: 15, notes: 'Sold out' })
    expect(markedDead.statusCode, markedDead.body).toBe(200)
    const outOfBusiness = { contactId: closedDoors, outOfBusiness: true, note: 'Closed its doors' }
    expect((await otherRep.post('/contacts/createOutOfBusiness', outOfBusiness)).statusCode).toBe(200)
    expect((await otherRep.delete(`/task/${deleted}`)).statusCode).toBe(200)
    expect(
      (await otherRep.post(`/task/complete/${completed}`, { nextStep: 10002, notes: 'Done early' })).statusCode,
    ).toBe(200)
    expect((await otherRep.patch(`/task/${moved}`, { dueDate: dueWithReminderIn(60 * MINUTE) })).statusCode).toBe(200)
    expect((await manager.patch(`/task/${handedOver}`, { assigned: manager.userId })).statusCode).toBe(200)

    // The handed-over task reminds its new assignee; by then every other job of that time has run too.
    const list = await untilNotified(manager, 1)
    expect(list.rows.map((n) => n.title)).toEqual(['Handed over'])
    await sleep(500)
    expect((await raised(rep.userId)).filter((e) => (e.data as { title?: string }).title === 'Handed over')).toEqual([])
    expect(await raised(otherRep.userId)).toHaveLength(0)
    expect((await notifications(otherRep)).unread).toBe(0)
  })

  it('lets users notify themselves and managers their team, and marks notifications read', async () => {
    const own = await rep.post('/notifications', { title: 'Check the trailer photos' })
    expect(own.statusCode).toBe(201)
    expect((await rep.post('/notifications', { title: ' ' })).json().errors.title).toBe('Please enter a title')
    // A rep cannot notify others; a manager can notify their team but not other users.
    expect((await rep.post('/notifications', { userId: otherRep.userId, title: 'Hi' })).statusCode).toBe(403)
    const fromManager = await manager.post('/notifications', {
      userId: rep.userId,
      title: 'Call Reminder Freight today',
      message: 'They asked for a new quote',
    })
    expect(fromManager.statusCode).toBe(201)
    expect((await manager.post('/notifications', { userId: otherRep.userId, title: 'Hi' })).statusCode).toBe(403)

    const list = await notifications(rep)
    expect(list.rows.slice(0, 2).map((n) => [n.title, n.raisedByName])).toEqual([
      ['Call Reminder Freight today', 'Mel Manager'],
      ['Check the trailer photos', 'Remy Rep'],
    ])
    const unread = list.unread
    expect((await rep.patch(`/notifications/${own.json().id}/read`)).json().read).toBe(1)
    expect((await notifications(rep)).unread).toBe(unread - 1)
    // Another user's notification is not found in yours.
    expect((await otherRep.patch(`/notifications/${fromManager.json().id}/read`)).statusCode).toBe(404)
    expect((await rep.patch('/notifications/read-all')).json().read).toBe(unread - 1)
    const after = await notifications(rep)
    expect(after.unread).toBe(0)
    expect(after.rows.every((n) => n.readAt !== null)).toBe(true)
  })

  it('does not name a contact the recipient cannot see', async () => {
    const hidden = await contact(otherRep, 'Hidden Freight')
    // Its author cannot point at a contact they may not see themselves: as if it did not exist.
    expect((await rep.post('/notifications', { title: 'About that carrier', contactId: hidden })).statusCode).toBe(404)
    // A manager sees it (their division) and notifies a rep who does not: the rep is not told its name.
    const sent = await manager.post('/notifications', {
      userId: rep.userId,
      title: 'About that carrier',
      contactId: hidden,
    })
    expect(sent.statusCode).toBe(201)
    const row = (await notifications(rep)).rows.find((n) => n.id === sent.json().id)
    expect(row).toMatchObject({ contactId: null, contactName: null })
  })
})
