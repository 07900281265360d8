import { DASHBOARD_TASK_LIMIT, rolePresets, type TaskPage, type TaskRow } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()
/** The UTC date (queries below read days in UTC) `days` from today, as 'YYYY-MM-DD'. */
const utcDate = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)
const ids = (rows: TaskRow[]) => rows.map((r) => r.id)

describe.each(databaseTargets())('task queries over HTTP on $name', (target) => {
  let s: LifecycleStack
  let manager: Actor
  let rep: Actor
  let other: Actor
  let executive: Actor

  /** A new contact with one task of the actor on it (one open task per user and contact). */
  async function task(as: Actor, body: Record<string, unknown>, contactId?: string) {
    const contact = contactId ?? (await s.createContact(as, { name: `Freight ${Math.random().toString(36).slice(2)}` }))
    const response = await as.post('/task', { title: 'Call back', activityType: 10009, contactId: contact, ...body })
    if (response.statusCode !== 201) throw new Error(`task: ${response.statusCode} ${response.body}`)
    return { id: response.json().id as string, contactId: contact }
  }
  /** Completes with "in 7 days": the follow-up is neither due now nor past due. */
  async function complete(as: Actor, id: string) {
    const response = await as.post(`/task/complete/${id}`, { nextStep: 10004, notes: 'Talked to the owner' })
    if (response.statusCode !== 200) throw new Error(`complete: ${response.statusCode} ${response.body}`)
    return response.json().followUpTaskId as string
  }
  const page = async (as: Actor, query: string) => {
    const response = await as.get(`/task/assigned-tasks?timeZone=UTC&${query}`)
    expect(response.statusCode, response.body).toBe(200)
    // Read-your-writes: the list waited for the task read model instead of answering stale.
    expect(response.headers['x-read-model-stale']).toBeUndefined()
    return response.json() as TaskPage
  }

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    manager = await s.actor('Mia Manager', ['call', 'manager'])
    rep = await s.actor('Rob Rep', ['call'], { managerId: manager.userId })
    other = await s.actor('Olga Other', ['call'])
    executive = await s.actor('Eve Executive', rolePresets.executive)
  })
  afterAll(() => s.close())

  it('puts each task under the filters it belongs to, newest due first', async () => {
    const filters = await s.actor('Fay Filters', ['call'])
    const past = await task(filters, { dueDate: at(-3 * DAY) })
    const dueNow = await task(filters, { dueDate: at(30 * 60_000) })
    const meeting = await task(filters, { dueDate: at(3 * DAY), activityType: 10013 })
    const done = await task(filters, { dueDate: at(2 * DAY) })
    const followUp = await complete(filters, done.id)

    const all = await page(filters, 'filter=0')
    expect(ids(all.rows)).toEqual([followUp, meeting.id, dueNow.id, past.id])
    expect(all.total).toBe(4)
    expect(all.rows.map((r) => r.displayStatus)).toEqual([0, 0, 0, 1])
    expect(ids((await page(filters, 'filter=1')).rows)).toEqual([past.id])
    expect(ids((await page(filters, 'filter=2')).rows)).toEqual([dueNow.id])
    expect(ids((await page(filters, 'filter=3')).rows)).toEqual([meeting.id])
    const withCompleted = await page(filters, 'filter=0&includeCompleted=true')
    expect(ids(withCompleted.rows)).toEqual([followUp, meeting.id, done.id, dueNow.id, past.id])
    expect(all.rows[0]).toMatchObject({ assignedName: 'Fay Filters', followsTaskId: done.id, status: 0 })
    expect(all.rows[3]!.contactName).toMatch(/^Freight /)

    const bad = await filters.get('/task/assigned-tasks?filter=7')
    expect(bad.statusCode).toBe(400)
    expect((await filters.get('/task/assigned-tasks?timeZone=Mars/Base')).statusCode).toBe(400)
  })

  it('shows completed tasks as 2, or 3 when completed after they were past due', async () => {
    const closer = await s.actor('Cal Closer', ['call'])
    const late = await task(closer, { dueDate: at(-3 * DAY) })
    const onTime = await task(closer, { dueDate: at(3 * DAY) })
    const lateFollowUp = await complete(closer, late.id)
    await complete(closer, onTime.id)
    const lateRow = (await closer.get(`/task/${late.id}`)).json() as TaskRow
    expect(lateRow).toMatchObject({ status: 2, displayStatus: 3, completedBy: closer.userId, nextStepId: 10004 })
    expect(lateRow.followUpTaskId).toBe(lateFollowUp)
    expect(lateRow.completedDate).not.toBeNull()
    expect(lateRow.followUpDate).not.toBeNull()
    expect((await closer.get(`/task/${onTime.id}`)).json()).toMatchObject({ status: 2, displayStatus: 2 })
    expect((await closer.get(`/task/${crypto.randomUUID()}`)).statusCode).toBe(404)
  })

  it('pages the list and caps the dashboard at 20, soonest due first', async () => {
    const busy = await s.actor('Paula Pager', ['call'])
    // Due from two days ago onwards, a day apart: created[i] is the i-th soonest.
    const dueDates = Array.from({ length: 23 }, (_, i) => at((i - 2) * DAY + HOUR))
    const created = (await Promise.all(dueDates.map((dueDate) => task(busy, { dueDate })))).map((t) => t.id)
    const newestFirst = [...created].reverse()
    const pages = [1, 2, 3].map((n) => page(busy, `pageSize=10&page=${n}`))
    const [first, second, third] = await Promise.all(pages)
    expect(first!.total).toBe(23)
    expect(ids(first!.rows)).toEqual(newestFirst.slice(0, 10))
    expect(ids(second!.rows)).toEqual(newestFirst.slice(10, 20))
    expect(ids(third!.rows)).toEqual(newestFirst.slice(20))
    expect((await page(busy, 'pageSize=10&page=4')).rows).toEqual([])

    const dashboard = (await busy.get('/task/tasks-for-dashboard')).json() as TaskPage
    expect(dashboard.rows).toHaveLength(DASHBOARD_TASK_LIMIT)
    expect(dashboard.total).toBe(23)
    expect(ids(dashboard.rows)).toEqual(created.slice(0, 20))
    expect(dashboard.rows[0]!.displayStatus).toBe(1)
  })

  it('counts a user’s tasks per day for the summary and the past-due badge; lists a day and a month', async () => {
    const sue = await s.actor('Sue Summary', ['call'])
    const threeDaysAgo = utcDate(-3)
    const inThreeDays = utcDate(3)
    const a = await task(sue, { dueDate: `${threeDaysAgo}T09:00:00.000Z` })
    const b = await task(sue, { dueDate: `${threeDaysAgo}T13:00:00.000Z`, activityType: 10013 })
    const c = await task(sue, { dueDate: `${threeDaysAgo}T15:00:00.000Z` })
    const d = await task(sue, { dueDate: `${inThreeDays}T12:00:00.000Z` })
    await complete(sue, c.id)
    await task(other, { dueDate: `${threeDaysAgo}T10:00:00.000Z` })

    const day = await sue.get(`/task/due-date-task/${threeDaysAgo}?timeZone=UTC`)
    expect(ids(day.json())).toEqual([a.id, b.id, c.id])
    expect(ids((await sue.get(`/task/due-date-task/${inThreeDays}?timeZone=UTC`)).json())).toEqual([d.id])
    // 13:00Z three days ago is already the next day in Auckland.
    const auckland = await sue.get(`/task/due-date-task/${utcDate(-2)}?timeZone=Pacific/Auckland`)
    expect(ids(auckland.json())).toContain(b.id)
    expect(ids(auckland.json())).not.toContain(a.id)
    const month = threeDaysAgo.slice(0, 7)
    const monthly = (await sue.get(`/task/monthly?month=${month}&timeZone=UTC`)).json() as TaskRow[]
    const everything = (await page(sue, 'includeCompleted=true&pageSize=200')).rows
    const dueInMonth = everything.filter((r) => r.dueDate.startsWith(month)).reverse()
    expect(ids(monthly)).toEqual(ids(dueInMonth))
    expect(ids(monthly)).toEqual(expect.arrayContaining([a.id, b.id, c.id]))
    expect((await sue.get('/task/due-date-task/2024-02-30')).statusCode).toBe(400)
    expect((await sue.get('/task/monthly?month=2024-13')).statusCode).toBe(400)

    const summary = await sue.post('/task/tasks-summary', {
      today: threeDaysAgo,
      tomorrow: inThreeDays,
      sevenDays: threeDaysAgo,
      timeZone: 'UTC',
    })
    expect(summary.statusCode, summary.body).toBe(200)
    expect(summary.json()).toEqual({
      today: { total: 3, open: 2, completed: 1, pastDue: 2, contactClosed: 0 },
      tomorrow: { total: 1, open: 1, completed: 0, pastDue: 0, contactClosed: 0 },
      sevenDays: { total: 4, open: 3, completed: 1, pastDue: 2, contactClosed: 0 },
    })
    expect((await sue.get('/activity/summary/pas-due-tasks/count')).json()).toEqual({ count: 2 })
    expect(
      (await sue.post('/task/tasks-summary', { today: 'today', tomorrow: inThreeDays, sevenDays: inThreeDays }))
        .statusCode,
    ).toBe(400)
  })

  it('shows a rep only their own tasks, a manager their team’s, an executive everyone’s', async () => {
    // An unassigned contact: every rep of the division sees it, so only the task rule decides.
    const shared = await s.createContact(rep, { name: 'Shared Freight', assigned: null })
    const mine = await task(rep, { dueDate: at(DAY) }, shared)
    const foreign = await task(other, { dueDate: at(DAY) })

    // Someone else's task is answered as a missing one.
    expect((await other.get(`/task/${mine.id}`)).statusCode).toBe(404)
    expect((await other.get(`/task/assigned-tasks?userId=${rep.userId}`)).statusCode).toBe(403)
    expect((await other.get(`/activity/summary/pas-due-tasks/count?userId=${rep.userId}`)).statusCode).toBe(403)
    const summaryForRep = { today: utcDate(0), tomorrow: utcDate(1), sevenDays: utcDate(0), userId: rep.userId }
    expect((await other.post('/task/tasks-summary', summaryForRep)).statusCode).toBe(403)

    expect((await manager.get(`/task/${mine.id}`)).json()).toMatchObject({ id: mine.id, assignedName: 'Rob Rep' })
    expect(ids((await page(manager, `userId=${rep.userId}`)).rows)).toContain(mine.id)
    expect((await manager.get(`/task/assigned-tasks?userId=${other.userId}`)).statusCode).toBe(403)
    expect((await manager.get(`/task/${foreign.id}`)).statusCode).toBe(404)
    expect(ids((await page(executive, `userId=${other.userId}`)).rows)).toContain(foreign.id)

    // The contact's task list holds only the tasks the caller may see.
    const withTwo = await task(other, { dueDate: at(DAY) }, mine.contactId)
    expect(ids((await rep.get(`/task/tasks-by-contact/${mine.contactId}`)).json())).toEqual([mine.id])
    expect(ids((await other.get(`/task/tasks-by-contact/${mine.contactId}`)).json())).toEqual([withTwo.id])
    expect(ids((await executive.get(`/task/tasks-by-contact/${mine.contactId}`)).json()).sort()).toEqual(
      [mine.id, withTwo.id].sort(),
    )
  })

  it('says whether a user holds an open task on a contact', async () => {
    const isa = await s.actor('Ida Assigned', ['call'], { managerId: manager.userId })
    const open = await task(isa, { dueDate: at(DAY) })
    const ask = (as: Actor, query: string) => as.get(`/task/is-task-assigned?contactId=${open.contactId}${query}`)
    expect((await ask(isa, '')).json()).toEqual({ assigned: true, taskId: open.id })
    expect((await ask(manager, `&userId=${isa.userId}`)).json()).toEqual({ assigned: true, taskId: open.id })
    expect((await ask(manager, '')).json()).toEqual({ assigned: false, taskId: null })
    expect((await ask(other, `&userId=${isa.userId}`)).statusCode).toBe(403)
    const followUp = await complete(isa, open.id)
    expect((await ask(isa, '')).json()).toEqual({ assigned: true, taskId: followUp })
    expect((await isa.delete(`/task/${followUp}`)).statusCode).toBe(200)
    expect((await ask(isa, '')).json()).toEqual({ assigned: false, taskId: null })
  })
})
