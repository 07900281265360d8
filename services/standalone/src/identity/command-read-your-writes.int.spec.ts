import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack } from './identity-stack'

/**
 * Commands that check what a user record points at see the administrator's own last changes at once, though
 * the read models have not caught up (here: the projector is stopped, the worst case of lagging).
 */
describe.each(databaseTargets())('read-your-writes on the command side, on $name', (target) => {
  let t: IdentityStack
  let admin: { token: string }

  beforeAll(async () => {
    t = await createIdentityStack(target)
    admin = await t.admin()
    await t.pauseProjector()
  }, 120_000)
  afterAll(() => t?.close())

  const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${admin.token}` }, payload })

  it('creates a user in a division and under a manager created a moment ago, then edits them', async () => {
    const division = await send('POST', '/divisions', { name: `Reefer Desk ${Date.now()}` })
    expect(division.statusCode, division.body).toBe(201)
    const divisionId: number = division.json().id
    const manager = await send('POST', '/users', {
      email: `mona.${Date.now()}@example.com`,
      name: 'Mona Fresh',
      password: 'a-long-password-1',
      divisionId,
      role: 'manager',
    })
    expect(manager.statusCode, manager.body).toBe(201)
    const rep = await send('POST', '/users', {
      email: `rita.${Date.now()}@example.com`,
      name: 'Rita Fresh',
      password: 'a-long-password-2',
      divisionId,
      managerId: manager.json().userId,
    })
    expect(rep.statusCode, rep.body).toBe(201)
    const renamed = await send('PATCH', `/users/${rep.json().userId}`, { name: 'Rita Renamed' })
    expect(renamed.statusCode, renamed.body).toBe(200)
  })

  it('still refuses a division or manager that does not exist', async () => {
    const orphan = await send('POST', '/users', {
      email: `orphan.${Date.now()}@example.com`,
      name: 'Orphan',
      password: 'a-long-password-3',
      divisionId: 987_654,
    })
    expect(orphan.json().title).toBe('Division not found')
    const unmanaged = await send('POST', '/users', {
      email: `unmanaged.${Date.now()}@example.com`,
      name: 'Unmanaged',
      password: 'a-long-password-4',
      divisionId: 15,
      managerId: '5f0c2b1e-8d3a-4c6b-9e7f-1a2b3c4d5e6f',
    })
    expect(unmanaged.json().title).toBe('Manager not found')
  })
})

describe.each(databaseTargets())('logging in right after being created, on $name', (target) => {
  let t: IdentityStack
  let admin: { token: string }
  beforeAll(async () => {
    t = await createIdentityStack(target)
    admin = await t.admin()
    // The users read model stands still, as it does when a long transaction elsewhere holds the store back.
    await t.pauseProjector()
  }, 120_000)
  afterAll(() => t?.close())

  it('works at once, though the users read model has not caught up', async () => {
    for (let i = 0; i < 5; i++) {
      const email = `instant.${i}.${Date.now()}@example.com`
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { authorization: `Bearer ${admin.token}` },
        payload: { email, name: `Instant ${i}`, password: 'a-long-password-9', divisionId: 15 },
      })
      expect(created.statusCode, created.body).toBe(201)
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login-user',
        payload: { email, password: 'a-long-password-9' },
      })
      expect(login.statusCode, login.body).toBe(200)
    }
  })
})
