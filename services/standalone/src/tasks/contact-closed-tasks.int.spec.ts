import type { TaskPage, TaskRow } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

const DAY = 24 * 3_600_000
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()
/** The UTC date `days` from today, as 'YYYY-MM-DD' (the queries below read days in UTC). */
const utcDate = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)
const ids = (rows: TaskRow[]) => rows.map((r) => r.id)

describe.each(databaseTargets())('tasks of contacts that left the pipeline, over HTTP on $name', (target) => {
  let s: LifecycleStack
  let manager: Actor

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    manager = await s.actor('Max Manager', ['call', 'manager', 'change-contact-status'])
  })
  afterAll(() => s.close())

  /** A rep of the manager's team with one contact and one open task on it. */
  async function repWithTask(name: string, due: number) {
    const rep = await s.actor(name, ['call'], { managerId: manager.userId })
    const contactId = await s.createContact(rep, { name: `${name} Freight`, businessPhone: '(555) 201-3344' })
    const created = await rep.post('/task', { title: 'Call back', activityType: 10009, contactId, dueDate: at(due) })
    expect(created.statusCode, created.body).toBe(201)
    return { rep, contactId, taskId: created.json().id as string }
  }
  const read = async (as: Actor, url: string) => {
    const response = await as.get(url)
    expect(response.statusCode, response.body).toBe(200)
    // Read-your-writes: the answer waited for the task read model to see the contact's change.
    expect(response.headers['x-read-model-stale']).toBeUndefined()
    return response.json()
  }
  const task = (as: Actor, id: string) => read(as, `/task/${id}?timeZone=UTC`) as Promise<TaskRow>
  const summaryToday = async (as: Actor) => {
    const days = { today: utcDate(-2), tomorrow: utcDate(1), sevenDays: utcDate(-2), timeZone: 'UTC' }
    const response = await as.post('/task/tasks-summary', days)
    expect(response.statusCode, response.body).toBe(200)
    return response.json().sevenDays
  }

  it('a Dead contact’s past-due task is flagged, is no longer Past Due work, and comes back with the contact', async () => {
    const { rep, contactId, taskId } = await repWithTask('Dora Dead', -2 * DAY)
    const live = await s.createContact(rep, { name: 'Still Working Freight' })
    const work = await rep.post('/task', { title: 'Quote', activityType: 10009, contactId: live, dueDate: at(DAY) })
    const workId = work.json().id as string

    expect(await task(rep, taskId)).toMatchObject({
      displayStatus: 1,
      contactClosed: null,
      contactName: 'Dora Dead Freight',
      contactPhone: '(555) 201-3344',
    })
    expect(await summaryToday(rep)).toEqual({ total: 2, open: 2, completed: 0, pastDue: 1, contactClosed: 0 })

    const dead = await rep.post('/contact-dead', { contactId, divisionId: 15, notes: 'Sold the business' })
    expect(dead.statusCode, dead.body).toBe(200)

    expect(await task(rep, taskId)).toMatchObject({ contactClosed: 'dead', status: 0 })
    // The work leads the dashboard; the dead contact's task waits at the end to be cleared away.
    const dashboard = (await read(rep, '/task/tasks-for-dashboard?timeZone=UTC')) as TaskPage
    expect(ids(dashboard.rows)).toEqual([workId, taskId])
    expect(dashboard.total).toBe(2)
    expect(((await read(rep, '/task/assigned-tasks?filter=1&timeZone=UTC')) as TaskPage).rows).toEqual([])
    expect(await read(rep, '/activity/summary/pas-due-tasks/count?timeZone=UTC')).toEqual({ count: 0 })
    expect(await summaryToday(rep)).toEqual({ total: 2, open: 2, completed: 0, pastDue: 0, contactClosed: 1 })
    // The contact's own card and the manager's view of the rep say the same.
    expect((await read(rep, `/task/tasks-by-contact/${contactId}?timeZone=UTC`))[0]).toMatchObject({
      contactClosed: 'dead',
    })
    expect(await task(manager, taskId)).toMatchObject({ contactClosed: 'dead' })

    // Back to Lead: the task is past-due work again.
    const back = await manager.post('/contacts/status-change', { contactId, divisionId: 15, statusId: 1 })
    expect(back.statusCode, back.body).toBe(200)
    expect(await task(rep, taskId)).toMatchObject({ contactClosed: null, displayStatus: 1 })
    expect(ids(((await read(rep, '/task/assigned-tasks?filter=1&timeZone=UTC')) as TaskPage).rows)).toEqual([taskId])
  })

  it('Not Qualified and out of business flag the open task; a task completed before stays completed', async () => {
    const { rep, contactId, taskId } = await repWithTask('Nora Notqualified', DAY)
    const completed = await rep.post(`/task/complete/${taskId}`, { nextStep: 10004, notes: 'Sent the rates' })
    expect(completed.statusCode, completed.body).toBe(200)
    const followUp = completed.json().followUpTaskId as string

    expect((await rep.post('/contact-not-qualified', { contactId, divisionId: 15 })).statusCode).toBe(200)
    expect(await task(rep, followUp)).toMatchObject({ contactClosed: 'not_qualified', displayStatus: 0 })
    expect(await task(rep, taskId)).toMatchObject({ contactClosed: null, displayStatus: 2 })
    // Due now no more: it is not work.
    expect(((await read(rep, '/task/assigned-tasks?filter=2&timeZone=UTC')) as TaskPage).rows).toEqual([])

    const outOfBusiness = { contactId, outOfBusiness: true, note: 'Closed its doors' }
    expect((await rep.post('/contacts/createOutOfBusiness', outOfBusiness)).statusCode).toBe(200)
    expect(await task(rep, followUp)).toMatchObject({ contactClosed: 'out_of_business' })
    const backInBusiness = { contactId, outOfBusiness: false }
    expect((await rep.post('/contacts/createOutOfBusiness', backInBusiness)).statusCode).toBe(200)
    expect(await task(rep, followUp)).toMatchObject({ contactClosed: 'not_qualified' })
  })

  it('a task opened on a contact already out of business is flagged from the start', async () => {
    const rep = await s.actor('Olly Outofbusiness', ['call'], { managerId: manager.userId })
    const contactId = await s.createContact(rep, { name: 'Gone Freight' })
    expect((await rep.post('/contacts/createOutOfBusiness', { contactId })).statusCode).toBe(200)
    const created = await rep.post('/task', { title: 'Last try', activityType: 10009, contactId, dueDate: at(DAY) })
    expect(created.statusCode, created.body).toBe(201)
    expect(await task(rep, created.json().id)).toMatchObject({ contactClosed: 'out_of_business', displayStatus: 0 })
  })
})
