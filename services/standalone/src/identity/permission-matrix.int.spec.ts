import { permissionKeys } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack } from './identity-stack'
import { permissionCases, type Caller, type Request } from './permission-cases'

describe.each(databaseTargets())('permissions on $name', (target) => {
  let t: IdentityStack
  let admin: Awaited<ReturnType<IdentityStack['admin']>>
  let rep: Awaited<ReturnType<IdentityStack['userWith']>>

  beforeAll(async () => {
    t = await createIdentityStack(target)
    admin = await t.admin()
    rep = await t.userWith('Plain Rep', ['call'])
  }, 120_000)
  afterAll(() => t.close())

  const send = (caller: Caller, r: Request) =>
    t.app.inject({
      method: r.method,
      url: `/api/v1${r.url}`,
      headers: { authorization: `Bearer ${caller.token}`, ...r.headers },
      ...(r.payload && { payload: r.payload }),
    })

  /** A contact made by the administrator (a Lead in `divisionId`, or moved on to `statusId` there). */
  async function contactIn(divisionId = 15, statusId?: number): Promise<string> {
    const created = await send(admin, {
      method: 'POST',
      url: '/contacts',
      // Unassigned: visible to every user of the division, so each case is about the permission alone.
      payload: { name: `Matrix Co ${Math.random()}`, organizationTypeId: 5, divisionId, assigned: null },
    })
    expect(created.statusCode, created.body).toBe(201)
    const contactId: string = created.json().id
    if (statusId !== undefined) {
      const changed = await send(admin, {
        method: 'POST',
        url: '/contacts/status-change',
        payload: { contactId, divisionId, statusId },
      })
      expect(changed.statusCode, changed.body).toBe(200)
    }
    return contactId
  }

  async function alsoIn(contactId: string, divisionId: number, statusId: number): Promise<void> {
    const joined = await send(admin, {
      method: 'POST',
      url: '/contacts/assignUser',
      payload: { model: { assigned: admin.userId }, ids: [contactId], divisionId, isMasterDataAssign: true },
    })
    expect(joined.json().failed ?? [], joined.body).toEqual([])
    const changed = await send(admin, {
      method: 'POST',
      url: '/contacts/status-change',
      payload: { contactId, divisionId, statusId },
    })
    expect(changed.statusCode, changed.body).toBe(200)
  }

  const cases = permissionCases({
    admin: () => admin,
    rep: () => rep,
    send,
    contactIn,
    alsoIn,
    userWith: (name, permissions, extra) => t.userWith(name, permissions, extra),
  })

  it.each(cases)(
    '$permission: $name — refused without it (nothing appended), done with it',
    async ({ permission, request, alsoGrantedBy = [], requires = [], refusedWith = 403, divisionId }) => {
      // Without: every other permission (administrators may do anything, so not that one either).
      const others = permissionKeys.filter((p) => p !== permission && p !== 'admin' && !alsoGrantedBy.includes(p))
      const without = await t.userWith(`Without ${permission} ${Math.random()}`, others, { divisionId })
      const refusedRequest = await request(without, 1)
      await t.caughtUp()
      const before = await t.eventCount()
      const refused = await send(without, refusedRequest)
      expect(refused.statusCode, refused.body).toBe(refusedWith)
      expect(await t.eventCount()).toBe(before)

      const holder = await t.userWith(`With ${permission} ${Math.random()}`, [permission, ...requires], {
        divisionId,
      })
      const allowedRequest = await request(holder, 2)
      await t.caughtUp()
      const allowed = await send(holder, allowedRequest)
      expect(allowed.statusCode, allowed.body).toBeLessThan(300)
      // Bulk commands answer 200 with per-contact refusals: none may hide in there. Exports answer files.
      const json = String(allowed.headers['content-type']).includes('json')
      expect(json ? (allowed.json().failed ?? []) : [], allowed.body.slice(0, 500)).toEqual([])
    },
  )

  it('refuses reads that need a permission', async () => {
    for (const url of ['/divisions', '/mail-outbox']) {
      expect((await send(rep, { method: 'GET', url })).statusCode).toBe(403)
      expect((await send(admin, { method: 'GET', url })).statusCode).toBe(200)
    }
  })

  it('answers 401 on every non-public route without a token, with an expired one and with a revoked one', async () => {
    const publicRoutes = t.routes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`)
    expect(publicRoutes).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/login-user',
        'POST /api/v1/auth/refresh-token',
        'POST /api/v1/auth/logout',
        'POST /api/v1/auth/forgot-password',
        'POST /api/v1/auth/reset-password-by-token',
        'POST /api/v1/auth/change-password',
        'POST /api/v1/auth/decrypt',
      ]),
    )
    const guarded = t.routes.filter((r) => !r.public)
    expect(guarded.length).toBeGreaterThan(15)

    const expired = t.app.jwt.sign(
      { sub: admin.userId, sid: '00000000-0000-4000-8000-000000000000', divisionId: 15, permissions: ['admin'] },
      { clockTimestamp: Date.now() - 24 * 3600_000 } as object,
    )
    const session = await t.login(admin.email, admin.password)
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'x-session-token': session.sessionToken },
    })

    for (const route of guarded) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1')
      for (const authorization of [undefined, `Bearer ${expired}`, `Bearer ${session.token}`, 'Bearer not.a.token']) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: authorization ? { authorization } : {},
        })
        expect(response.statusCode, `${route.method} ${route.url} with ${authorization ?? 'no token'}`).toBe(401)
      }
    }
  })
})
