import { taskMessages } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

describe.each(databaseTargets())('tasks over HTTP on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let manager: Actor
  const types = async (stream: string) => (await s.store.readStream(stream)).map((e) => e.type)
  const dataOf = async (stream: string, type: string) =>
    (await s.store.readStream(stream)).find((e) => e.type === type)?.data as Record<string, unknown> | undefined

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    manager = await s.actor('Tom Manager', ['call', 'manager', 'none-next-step', 'assign-any'])
    rep = await s.actor('Tina Rep', ['call'])
  })
  afterAll(() => s.close())

  it('creates a task with SPEC defaults; the same user may open a second one on the contact', async () => {
    const contactId = await s.createContact(rep, { name: 'Task Freight' })
    expect((await rep.post('/task', { title: ' ', contactId })).json().errors.title).toBe(taskMessages.subjectRequired)
    const created = await rep.post('/task', { title: 'Intro call', contactId, timeZone: 'America/Chicago' })
    expect(created.statusCode).toBe(201)
    const task = await dataOf(`task-${created.json().id}`, 'TaskCreated')
    expect(task).toMatchObject({ status: 0, priority: 0, activityType: 10013, assigned: rep.userId, contactId })
    expect(new Date(task!.dueDate as string).getUTCMinutes()).toBe(0)
    const again = await rep.post('/task', { title: 'Another', contactId })
    expect(again.statusCode).toBe(201)
    expect(
      (await rep.get(`/task/tasks-by-contact/${contactId}`)).json().map((t: { title: string }) => t.title),
    ).toEqual(expect.arrayContaining(['Intro call', 'Another']))
    // Another user may hold their own open task on the same contact.
    expect((await manager.post('/task', { title: 'Visit', contactId })).statusCode).toBe(201)
  })

  it("edits and deletes; deleting closes the contact's open-task marker", async () => {
    const contactId = await s.createContact(rep, { name: 'Edit Freight' })
    const id = (await rep.post('/task', { title: 'Quote', contactId })).json().id as string
    expect((await rep.patch(`/task/${id}`, { priority: 1, title: 'Quote v2' })).statusCode).toBe(200)
    expect(await dataOf(`task-${id}`, 'TaskUpdated')).toMatchObject({ changes: { priority: 1, title: 'Quote v2' } })
    expect((await rep.patch(`/task/${id}`, { assigned: manager.userId })).statusCode).toBe(403)
    expect((await rep.delete(`/task/${id}`)).statusCode).toBe(200)
    expect(await types(`contact-${contactId}`)).toContain('ContactTaskClosed')
    expect((await rep.post('/task', { title: 'New quote', contactId })).statusCode).toBe(201)
    expect((await rep.delete(`/task/${crypto.randomUUID()}`)).statusCode).toBe(404)
  })

  it("takes a due date in the product's YYYY-MM-DD HH:mm:ss (UTC) as well as ISO", async () => {
    const contactId = await s.createContact(rep, { name: 'Format Freight' })
    const created = await rep.post('/task', { title: 'Call back', contactId, dueDate: '2026-11-24 17:00:00' })
    expect(created.statusCode, created.body).toBe(201)
    expect(await dataOf(`task-${created.json().id}`, 'TaskCreated')).toMatchObject({
      dueDate: '2026-11-24T17:00:00.000Z',
    })
    expect((await rep.post('/task', { title: 'Call back', contactId, dueDate: '24/11/2026 5pm' })).statusCode).toBe(400)
  })

  it("deletes several tasks at once: each its own decision, another user's task refused as missing", async () => {
    const contactId = await s.createContact(rep, { name: 'Bulk Freight' })
    const create = async (as: Actor, title: string) =>
      (await as.post('/task', { title, contactId })).json().id as string
    const first = await create(rep, 'One')
    const second = await create(rep, 'Two')
    const managers = await create(manager, 'Not yours')
    const answer = await rep.post('/task/delete', { ids: [first, second, managers, first] })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ done: 2, failed: [{ id: managers, message: expect.any(String) }] })
    expect(await types(`task-${first}`)).toContain('TaskDeleted')
    expect(await types(`task-${managers}`)).not.toContain('TaskDeleted')
    // An empty selection is named.
    expect((await rep.post('/task/delete', { ids: [] })).json().errors.ids).toBe('Please select tasks')
  })

  it('completes: logs the activity on the contact, creates the follow-up, refuses a second completion', async () => {
    const contactId = await s.createContact(rep, { name: 'Done Freight' })
    const id = (await rep.post('/task', { title: 'Call', contactId })).json().id as string
    const missing = await rep.post(`/task/complete/${id}`, { notes: 'x' })
    expect(missing.json().errors.nextStep).toBe(taskMessages.nextStepRequired)
    expect((await rep.post(`/task/complete/${id}`, { nextStep: 0, notes: 'x' })).json().errors.nextStep).toBe(
      taskMessages.noneNextStepNotAllowed,
    )
    expect((await rep.post(`/task/complete/${id}`, { nextStep: 10005, notes: 'x' })).json().errors.followUpDate).toBe(
      taskMessages.followUpDateRequired,
    )
    const body = { nextStep: 10001, notes: 'No one picked up', callData: { duration: 0, outcome: 'Attempted' } }
    const done = await rep.post(`/task/complete/${id}`, body, { 'idempotency-key': `complete-${id}` })
    expect(done.statusCode).toBe(200)
    const followUpTaskId = done.json().followUpTaskId as string
    expect(await dataOf(`task-${followUpTaskId}`, 'TaskCreated')).toMatchObject({
      title: 'Call',
      assigned: rep.userId,
      followsTaskId: id,
      nextStepId: 10001,
    })
    expect(await dataOf(`contact-${contactId}`, 'ActivityLogged')).toMatchObject({
      subject: 'Call',
      notes: 'No one picked up',
      callData: { duration: 0, outcome: 'Attempted' },
      nextStep: 10001,
    })
    // The same request again appends nothing; a new completion is refused.
    const replay = await rep.post(`/task/complete/${id}`, body, { 'idempotency-key': `complete-${id}` })
    expect(replay.json().followUpTaskId).toBe(followUpTaskId)
    expect((await types(`contact-${contactId}`)).filter((t) => t === 'ActivityLogged')).toHaveLength(1)
    const twice = await rep.post(`/task/complete/${id}`, body)
    expect(twice.statusCode).toBe(422)
    expect(twice.json().title).toBe(taskMessages.completed)
  })

  it('None (with permission) completes without a follow-up task', async () => {
    const contactId = await s.createContact(manager, { name: 'None Freight' })
    const id = (await manager.post('/task', { title: 'Wrap up', contactId })).json().id as string
    const done = await manager.post(`/task/complete/${id}`, { nextStep: 0, notes: 'Closed deal' })
    expect(done.json()).toMatchObject({ followUpTaskId: null })
    expect((await manager.post('/task', { title: 'Next', contactId })).statusCode).toBe(201)
  })
})
