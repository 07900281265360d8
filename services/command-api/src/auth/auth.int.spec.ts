import { messages } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestCommandApp, rep } from '../testing/test-app'
import { insertUserFixture } from '../testing/users-table.fixture'

describe.each(databaseTargets())('auth on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestCommandApp>>
  beforeAll(async () => {
    t = await createTestCommandApp(target, { LOGIN_LIMIT_PER_EMAIL: '5', LOGIN_LIMIT_PER_IP: '1000' })
  })
  afterAll(() => t.close())

  const login = (payload: object, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login-user', payload, remoteAddress: ip })
  const createContact = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Acme', organizationTypeId: 5 },
    })

  it('logs in with the right password (any email case) and the token works', async () => {
    const response = await login({ email: 'REP@example.com', password: rep.password })
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body.user).toEqual({
      userId: rep.userId,
      name: rep.name,
      email: rep.email,
      divisionId: 15,
      permissions: ['call'],
    })
    expect(body.sessionToken).not.toBe(body.token)
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(7.9 * 3600 * 1000)
    expect(t.app.jwt.decode<Record<string, unknown>>(body.token)).toMatchObject({
      sub: rep.userId,
      divisionId: 15,
      permissions: ['call'],
    })
    expect((await createContact(body.token)).statusCode).toBe(201)
  })

  it('answers a wrong password and an unknown email alike: 401 "Invalid email or password"', async () => {
    for (const payload of [
      { email: rep.email, password: 'wrong' },
      { email: 'nobody@example.com', password: rep.password },
    ]) {
      const response = await login(payload, '10.0.0.2')
      expect(response.statusCode).toBe(401)
      expect(response.json()).toMatchObject({ status: 401, title: messages.invalidCredentials })
    }
  })

  it('answers a malformed email with "Invalid Email!"', async () => {
    const response = await login({ email: 'rep-at-example', password: 'x' })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.email).toBe('Invalid Email!')
  })

  it('refuses disabled users', async () => {
    const user = { ...rep, userId: randomUUID(), email: 'gone@example.com', disabled: true }
    await insertUserFixture(t.database.db, user)
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(401)
  })

  it('refreshes a live session and stops everything after logout', async () => {
    const session = (await login({ email: rep.email, password: rep.password })).json()
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      headers: { 'x-session-token': session.sessionToken },
    })
    expect(refreshed.statusCode).toBe(200)
    expect((await createContact(refreshed.json().token)).statusCode).toBe(201)

    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'x-session-token': session.sessionToken },
    })
    expect(logout.statusCode).toBe(204)
    expect((await createContact(session.token)).statusCode).toBe(401)
    expect((await createContact(refreshed.json().token)).statusCode).toBe(401)
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh-token',
      payload: { sessionToken: session.sessionToken },
    })
    expect(again.statusCode).toBe(401)
  })

  it('limits login attempts per email', async () => {
    const email = 'target@example.com'
    const statuses: number[] = []
    for (let i = 0; i < 7; i++)
      statuses.push((await login({ email, password: `guess-${i}` }, `10.1.0.${i}`)).statusCode)
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(5)).toEqual([429, 429])
    const limited = await login({ email, password: 'again' }, '10.1.1.1')
    expect(limited.headers['retry-after']).toMatch(/^\d+$/)
  })
})

describe.each(databaseTargets())('login limits with their defaults on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestCommandApp>>
  const office = '192.0.2.10'
  const users = Array.from({ length: 50 }, (_, i) => ({
    ...rep,
    userId: randomUUID(),
    email: `floor-${i}@example.com`,
    name: `Floor Rep ${i}`,
  }))
  beforeAll(async () => {
    t = await createTestCommandApp(target)
    for (const user of users) await insertUserFixture(t.database.db, user)
  })
  afterAll(() => t.close())

  const login = (email: string, password: string, ip = office) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login-user', payload: { email, password }, remoteAddress: ip })

  it('lets a whole sales floor behind one address log in within a minute', async () => {
    const statuses = []
    for (const user of users) statuses.push((await login(user.email, user.password)).statusCode)
    expect(statuses.filter((s) => s !== 200)).toEqual([])
  })

  it('blocks only the account that got ten wrong passwords, from anywhere, and not its neighbours', async () => {
    const [target, neighbour] = [users[0]!, users[1]!]
    for (let i = 0; i < 10; i++) {
      expect((await login(target.email, `guess-${i}`, `198.51.100.${i}`)).statusCode).toBe(401)
    }
    // Locked for a while, even with the right password, from any address.
    const locked = await login(target.email, target.password, '203.0.113.7')
    expect(locked.statusCode).toBe(429)
    expect(locked.headers['retry-after']).toMatch(/^\d+$/)
    // Everyone else behind the same office address logs in as before.
    expect((await login(neighbour.email, neighbour.password)).statusCode).toBe(200)
    expect((await login(users[2]!.email, users[2]!.password, '198.51.100.1')).statusCode).toBe(200)
  })
})
