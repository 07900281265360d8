import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack } from './identity-stack'

type Caller = { token: string }

describe.each(databaseTargets())('expectations edited through PATCH /users/:id on $name', (target) => {
  let t: IdentityStack
  let admin: Awaited<ReturnType<IdentityStack['admin']>>
  let manager: Awaited<ReturnType<IdentityStack['userWith']>>
  let member: Awaited<ReturnType<IdentityStack['userWith']>>

  beforeAll(async () => {
    t = await createIdentityStack(target)
    admin = await t.admin()
    manager = await t.userWith('Team Manager', ['call', 'manager'])
    member = await t.userWith('Team Member', ['call'], { managerId: manager.userId })
  }, 120_000)
  afterAll(() => t.close())

  const call = (caller: Caller, method: 'GET' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${caller.token}` },
      ...(payload && { payload }),
    })
  const expectationsOf = async (userId: string) => {
    await t.caughtUp()
    return (await call(admin, 'GET', `/users/${userId}`)).json().expectations
  }

  it('lets an administrator set them, keeping what the user put on their profile', async () => {
    const profile = await call(member, 'PATCH', '/users/me', { officeExt: '204' })
    expect(profile.statusCode, profile.body).toBe(200)
    const targets = { day: 6, week: 30, month: 120, year: 1500 }
    const saved = await call(admin, 'PATCH', `/users/${member.userId}`, { expectations: targets })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(await expectationsOf(member.userId)).toEqual(targets)
    expect((await call(admin, 'GET', `/users/${member.userId}`)).json().officeExt).toBe('204')
  })

  it("lets a manager set their team member's targets, each period on its own", async () => {
    // The week differs from 5 days: the periods are separate targets, not derived by the server.
    const targets = { day: 10, week: 45, month: 200, year: 2500 }
    const saved = await call(manager, 'PATCH', `/users/${member.userId}`, { expectations: targets })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(await expectationsOf(member.userId)).toEqual(targets)
  })

  it('refuses a manager anything else about the member, and reps and other managers everything', async () => {
    const rep = await t.userWith(`Plain Rep ${randomUUID()}`, ['call'])
    const otherManager = await t.userWith(`Other Manager ${randomUUID()}`, ['call', 'manager'])
    const before = await t.eventCount()
    const attempts: [Caller, string, object][] = [
      [manager, member.userId, { name: 'Renamed', expectations: { day: 1 } }],
      [manager, member.userId, { permissions: ['call', 'manager'] }],
      [otherManager, member.userId, { expectations: { day: 1 } }],
      [rep, member.userId, { expectations: { day: 1 } }],
      // Their own targets are set by whoever manages them, not through the administrators' route.
      [member, member.userId, { expectations: { day: 99 } }],
      // An unknown user answers like a forbidden one.
      [manager, randomUUID(), { expectations: { day: 1 } }],
    ]
    for (const [caller, userId, payload] of attempts) {
      const response = await call(caller, 'PATCH', `/users/${userId}`, payload)
      expect(response.statusCode, `${JSON.stringify(payload)}: ${response.body}`).toBe(403)
    }
    expect(await t.eventCount()).toBe(before)
    expect((await call(admin, 'PATCH', `/users/${randomUUID()}`, { expectations: { day: 1 } })).statusCode).toBe(404)
  })

  it('refuses targets that are not whole non-negative numbers, with the field named', async () => {
    const response = await call(admin, 'PATCH', `/users/${member.userId}`, { expectations: { day: -1, hour: 3 } })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().errors ?? {}).join()).toMatch(/expectations/)
  })

  it("lists a manager's team on its own (the My team screen)", async () => {
    const response = await call(manager, 'GET', `/users?managerId=${manager.userId}`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().rows.map((u: { userId: string }) => u.userId)).toEqual([member.userId])
  })
})
