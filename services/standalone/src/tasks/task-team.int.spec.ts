import { rolePresets, type SelectPage, type TaskPage, type TaskRow } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

const DAY = 24 * 3_600_000
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString()
const ids = (rows: TaskRow[]) => rows.map((r) => r.id)

describe.each(databaseTargets())('tasks within a manager’s team over HTTP on $name', (target) => {
  let s: LifecycleStack
  let manager: Actor
  let member: Actor
  let outsider: Actor
  let assignAny: Actor
  let executive: Actor
  let contactId: string
  // Unassigned: every user of the division sees it, so only the task rules decide.
  const newContact = () =>
    s.createContact(assignAny, { name: `Team Freight ${Math.random().toString(36).slice(2)}`, assigned: null })
  const users = async (as: Actor, purpose: 'assign' | 'view', search = '') =>
    ((await as.get(`/task/users-for-select?purpose=${purpose}&search=${search}`)).json() as SelectPage).options.map(
      (o) => o.label,
    )

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    manager = await s.actor('Max Manager', ['call', 'manager'])
    member = await s.actor('Mila Member', ['call'], { managerId: manager.userId })
    outsider = await s.actor('Omar Outsider', ['call'])
    assignAny = await s.actor('Ann Assigner', ['call', 'assign-any'])
    executive = await s.actor('Ezra Executive', rolePresets.executive)
    contactId = await newContact()
  })
  afterAll(() => s.close())

  it('a manager assigns to their team (201) and not beyond it (403); a rep only to themselves', async () => {
    const forMember = await manager.post('/task', { title: 'Visit the yard', contactId, assigned: member.userId })
    expect(forMember.statusCode, forMember.body).toBe(201)
    expect((await member.get(`/task/${forMember.json().id}`)).json()).toMatchObject({ assigned: member.userId })
    const forOutsider = await manager.post('/task', { title: 'Visit', contactId, assigned: outsider.userId })
    expect(forOutsider.statusCode).toBe(403)
    expect((await manager.post('/task', { title: 'Mine', contactId })).statusCode).toBe(201)
    expect((await member.post('/task', { title: 'Boss', contactId, assigned: manager.userId })).statusCode).toBe(403)
    // assign-any and executives assign to anyone.
    const other = await newContact()
    expect(
      (await assignAny.post('/task', { title: 'A', contactId: other, assigned: outsider.userId })).statusCode,
    ).toBe(201)
    expect((await executive.post('/task', { title: 'B', contactId: other, assigned: member.userId })).statusCode).toBe(
      201,
    )
  })

  it('a manager reassigns a task within the team (PATCH), not outside it', async () => {
    const contact = await newContact()
    const id = (await manager.post('/task', { title: 'Quote', contactId: contact })).json().id as string
    expect((await manager.patch(`/task/${id}`, { assigned: outsider.userId })).statusCode).toBe(403)
    expect((await manager.patch(`/task/${id}`, { assigned: member.userId })).statusCode).toBe(200)
    expect((await manager.get(`/task/${id}`)).json()).toMatchObject({ assigned: member.userId })
    expect((await member.patch(`/task/${id}`, { assigned: outsider.userId })).statusCode).toBe(403)
  })

  it('the pickers offer whom the caller may assign to, and whose tasks they may see, the caller first', async () => {
    expect(await users(manager, 'assign')).toEqual(['Max Manager', 'Mila Member'])
    expect(await users(manager, 'view')).toEqual(['Max Manager', 'Mila Member'])
    expect(await users(member, 'assign')).toEqual(['Mila Member'])
    expect(await users(member, 'view')).toEqual(['Mila Member'])
    // Whoever may assign to anyone sees everyone to assign, but only their own tasks.
    expect(await users(assignAny, 'assign')).toHaveLength(5)
    expect((await users(assignAny, 'assign'))[0]).toBe('Ann Assigner')
    expect(await users(assignAny, 'view')).toEqual(['Ann Assigner'])
    expect(await users(executive, 'view')).toHaveLength(5)
    expect(await users(executive, 'view', 'mila')).toEqual(['Mila Member'])
    expect((await manager.get('/task/users-for-select?purpose=all')).statusCode).toBe(400)
  })

  it('the dashboard reads a team member’s tasks for their manager, soonest first; others get a 403', async () => {
    const later = await manager.post('/task', {
      title: 'Later',
      contactId: await newContact(),
      assigned: member.userId,
      dueDate: at(5 * DAY),
    })
    const sooner = await manager.post('/task', {
      title: 'Sooner',
      contactId: await newContact(),
      assigned: member.userId,
      dueDate: at(DAY),
    })
    const dashboard = await manager.get(`/task/tasks-for-dashboard?userId=${member.userId}`)
    expect(dashboard.statusCode).toBe(200)
    const rows = (dashboard.json() as TaskPage).rows
    expect(rows.every((r) => r.assigned === member.userId)).toBe(true)
    const order = ids(rows)
    expect(order.indexOf(sooner.json().id)).toBeLessThan(order.indexOf(later.json().id))
    expect((await manager.get(`/task/tasks-for-dashboard?userId=${outsider.userId}`)).statusCode).toBe(403)
    expect((await member.get(`/task/tasks-for-dashboard?userId=${manager.userId}`)).statusCode).toBe(403)
    expect((await executive.get(`/task/tasks-for-dashboard?userId=${outsider.userId}`)).statusCode).toBe(200)
  })

  it('a disabled team member stays on the team for their tasks, but takes no new ones (docs/decisions/051)', async () => {
    const leaver = await s.actor('Liam Leaver', ['call'], { managerId: manager.userId })
    const left = (await manager.post('/task', { title: 'Hand over', contactId, assigned: leaver.userId })).json()
      .id as string
    expect((await (await s.adminActor()).patch(`/users/${leaver.userId}`, { active: false })).statusCode).toBe(200)
    expect((await manager.get(`/task/${left}`)).statusCode).toBe(200)
    expect((await manager.get(`/task/tasks-for-dashboard?userId=${leaver.userId}`)).statusCode).toBe(200)
    expect((await manager.patch(`/task/${left}`, { assigned: member.userId })).statusCode).toBe(200)
    expect((await manager.post('/task', { title: 'New', contactId, assigned: leaver.userId })).statusCode).toBe(403)
    expect(await users(manager, 'assign', 'Liam')).toEqual([])
  })

  it('lists Past Due and Due Now most urgent first, All newest due first', async () => {
    const busy = await s.actor('Bea Busy', ['call'])
    const task = async (dueDate: string) =>
      (await busy.post('/task', { title: 'Call', activityType: 10009, contactId: await newContact(), dueDate })).json()
        .id as string
    const pastOld = await task(at(-5 * DAY))
    const pastRecent = await task(at(-2 * DAY))
    const nowLater = await task(at(40 * 60_000))
    const nowSooner = await task(at(10 * 60_000))
    const list = async (filter: number) =>
      ids(((await busy.get(`/task/assigned-tasks?filter=${filter}&timeZone=UTC`)).json() as TaskPage).rows)
    expect(await list(1)).toEqual([pastOld, pastRecent])
    expect(await list(2)).toEqual([nowSooner, nowLater])
    expect(await list(0)).toEqual([nowLater, nowSooner, pastRecent, pastOld])
  })
})
