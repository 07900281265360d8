import { messages, rolePresets } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encryptSsoPayload } from '@crm/command-api'
import { createIdentityStack, type IdentityStack } from './identity-stack'

const SSO_SECRET = 'shared-sso-secret-for-tests'

describe.each(databaseTargets())('users, divisions and system config on $name', (target) => {
  let t: IdentityStack
  let admin: Awaited<ReturnType<IdentityStack['admin']>>
  beforeAll(async () => {
    t = await createIdentityStack(target, { SSO_SECRET })
    admin = await t.admin()
  }, 120_000)
  afterAll(() => t.close())

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload && { payload }),
    })

  it('lists the seeded divisions, renames and deletes with the messages of docs/product.md', async () => {
    const options = (await call(admin.token, 'GET', '/divisions/for-select')).json()
    expect(options).toEqual(
      expect.arrayContaining([
        { id: 1, name: 'Executive' },
        { id: 15, name: 'Sales' },
      ]),
    )
    expect((await call(admin.token, 'GET', '/divisions/for-select-limited')).json()).not.toContainEqual({
      id: 1,
      name: 'Executive',
    })

    const created = await call(admin.token, 'POST', '/divisions', { name: 'Fleet Finance' })
    expect(created.statusCode).toBe(201)
    const id = created.json().id as number
    expect(id).toBeGreaterThan(15)
    const renamed = await call(admin.token, 'PATCH', `/divisions/${id}`, { name: 'Fleet Leasing' })
    expect(renamed.json().message).toBe('Division > Fleet Leasing < Changed Successifully.')
    await t.caughtUp()
    expect((await call(admin.token, 'GET', `/divisions/${id}`)).json()).toMatchObject({
      id,
      name: 'Fleet Leasing',
      userCount: 0,
    })

    const deleted = await call(admin.token, 'DELETE', `/divisions/${id}`)
    expect(deleted.json().message).toBe(messages.divisionDeleted)
    await t.caughtUp()
    expect((await call(admin.token, 'GET', `/divisions/${id}`)).statusCode).toBe(404)
    expect((await call(admin.token, 'DELETE', `/divisions/${id}`)).statusCode).toBe(404)
  })

  it('refuses to delete a division a user belongs to', async () => {
    const id = (await call(admin.token, 'POST', '/divisions', { name: 'Busy' })).json().id
    await t.caughtUp()
    await t.userWith('Busy Bea', ['call'], { divisionId: id })
    const response = await call(admin.token, 'DELETE', `/divisions/${id}`)
    expect(response.statusCode).toBe(422)
    expect(response.json().title).toBe(messages.divisionInUse)
  })

  it('keeps system config per division, with defaults until saved', async () => {
    expect((await call(admin.token, 'GET', '/system-config/2')).json()).toMatchObject({
      minCallAttempts: 3,
      taskPastDueTime: 17,
      updatedAt: null,
    })
    const saved = await call(admin.token, 'PATCH', '/system-config/2', { minCallAttempts: 6, hotDays: 1 })
    expect(saved.statusCode, saved.body).toBe(200)
    await t.caughtUp()
    expect((await call(admin.token, 'GET', '/system-config/2')).json()).toMatchObject({
      minCallAttempts: 6,
      hotDays: 1,
      warmDays: 7,
    })
    expect((await call(admin.token, 'PATCH', '/system-config/2', { taskPastDueTime: 24 })).statusCode).toBe(400)
    expect((await call(admin.token, 'PATCH', '/system-config/999', { hotDays: 1 })).statusCode).toBe(404)
  })

  it('creates users from role presets, edits and deactivates them; their sessions end', async () => {
    const response = await call(admin.token, 'POST', '/users', {
      email: 'New.Manager@example.com',
      name: 'Nora Manager',
      password: 'manager-pass-1',
      divisionId: 15,
      role: 'manager',
    })
    expect(response.statusCode, response.body).toBe(201)
    const { userId } = response.json()
    await t.caughtUp()
    const user = (await call(admin.token, 'GET', `/users/${userId}`)).json()
    expect(user).toMatchObject({
      email: 'new.manager@example.com',
      permissions: rolePresets.manager,
      active: true,
      divisionName: 'Sales',
    })
    const duplicate = await call(admin.token, 'POST', '/users', {
      email: 'new.manager@example.com',
      name: 'X',
      password: 'whatever12',
      divisionId: 15,
    })
    expect(duplicate.statusCode).toBe(422)

    const session = await t.login('new.manager@example.com', 'manager-pass-1')
    expect((await call(admin.token, 'PATCH', `/users/${userId}`, { active: false })).statusCode).toBe(200)
    await t.caughtUp()
    expect((await call(session.token, 'GET', '/users/me')).statusCode).toBe(401)
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login-user',
      payload: { email: 'new.manager@example.com', password: 'manager-pass-1' },
    })
    expect(again.statusCode).toBe(401)
    expect((await call(admin.token, 'PATCH', `/users/${admin.userId}`, { active: false })).statusCode).toBe(422)
  })

  it('shows a manager their team, a rep only themselves', async () => {
    const manager = await t.userWith('Team Lead', rolePresets.manager)
    const member = await t.userWith('Team Member', ['call'], { managerId: manager.userId })
    const outsider = await t.userWith('Outsider', ['call'])
    const names = async (token: string) =>
      (await call(token, 'GET', '/users?limit=500')).json().rows.map((u: { userId: string }) => u.userId)
    expect(await names(manager.token)).toEqual(expect.arrayContaining([manager.userId, member.userId]))
    expect(await names(manager.token)).not.toContain(outsider.userId)
    expect(await names(member.token)).toEqual([member.userId])
    expect((await call(member.token, 'GET', `/users/${outsider.userId}`)).statusCode).toBe(404)
    expect((await names(admin.token)).length).toBeGreaterThanOrEqual(4)
  })

  it('saves the profile and options of the caller', async () => {
    const me = await t.userWith('Profile Pat', ['call'])
    expect(
      (
        await call(me.token, 'PATCH', '/users/me', {
          phoneNumber: '(555) 010-2000',
          officeExt: '204',
          signature: 'Pat',
        })
      ).statusCode,
    ).toBe(200)
    expect((await call(me.token, 'PATCH', '/users/me/options', { options: { compactTables: true } })).statusCode).toBe(
      200,
    )
    await t.caughtUp()
    expect((await call(me.token, 'GET', '/users/me')).json()).toMatchObject({
      phoneNumber: '(555) 010-2000',
      officeExt: '204',
      signature: 'Pat',
      options: { compactTables: true },
    })
    expect((await call(me.token, 'PATCH', '/users/me/options', { options: 'nope' })).statusCode).toBe(400)
  })

  it('logs in as another user and records who did it', async () => {
    const target = await t.userWith('Impersonated Ivy', ['call'])
    const response = await call(admin.token, 'POST', '/auth/login-as-user', { userId: target.userId })
    expect(response.statusCode, response.body).toBe(200)
    const body = response.json()
    expect(body.user.userId).toBe(target.userId)
    expect(body.sessionToken).toEqual(expect.any(String))
    expect((await call(body.token, 'GET', '/users/me')).json().userId).toBe(target.userId)
    const events = await t.store.readStream(`user-${target.userId}`)
    expect(events.at(-1)).toMatchObject({
      type: 'UserLoggedInAs',
      data: { userId: target.userId, byUserId: admin.userId },
    })
  })

  it('signs in from a sister app with a sealed, expiring payload', async () => {
    const user = await t.userWith('Sso Sam', ['call'])
    const exp = Math.floor(Date.now() / 1000) + 60
    const sealed = encryptSsoPayload(SSO_SECRET, { userId: user.userId, exp, pathname: '/contacts', contactId: 'abc' })
    const decrypt = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/decrypt', payload: { payload } })
    const ok = await decrypt(sealed)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ user: { userId: user.userId }, pathname: '/contacts', contactId: 'abc' })
    // A link logs in once: used again (found in a history or a log) it answers as an expired one, in any spelling.
    const expiredAnswer = (
      await decrypt(encryptSsoPayload(SSO_SECRET, { userId: user.userId, exp: exp - 3600 }))
    ).json()
    for (const again of [sealed, `${sealed}=`]) {
      const replayed = await decrypt(again)
      expect(replayed.statusCode, replayed.body).toBe(401)
      expect(replayed.json()).toEqual(expiredAnswer)
    }
    // Two uses at once: one logs in.
    const raced = encryptSsoPayload(SSO_SECRET, { userId: user.userId, exp })
    const answers = await Promise.all([decrypt(raced), decrypt(raced), decrypt(raced)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401])

    const tampered = sealed.slice(0, 20) + (sealed[20] === 'A' ? 'B' : 'A') + sealed.slice(21)
    const expired = encryptSsoPayload(SSO_SECRET, { userId: user.userId, exp: exp - 3600 })
    const otherKey = encryptSsoPayload('a-different-secret-value', { userId: user.userId, exp })
    for (const bad of [tampered, expired, otherKey]) expect((await decrypt(bad)).statusCode).toBe(401)
  })
})
