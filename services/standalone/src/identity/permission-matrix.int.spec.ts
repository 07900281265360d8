import { permissionKeys, type PermissionKey } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack } from './identity-stack'

type Caller = { userId: string; token: string }
type Request = {
  method: 'POST' | 'PATCH' | 'DELETE' | 'GET'
  url: string
  payload?: object | Buffer
  headers?: Record<string, string>
}
/**
 * A command that needs `permission`; `request` builds a fresh request (successes must not collide).
 * `alsoGrantedBy`: other permissions that allow it too (the refused user lacks those as well).
 */
type Case = {
  permission: PermissionKey
  name: string
  request: (caller: Caller, run: number) => Promise<Request>
  alsoGrantedBy?: PermissionKey[]
}

/** A multipart upload of one CSV file, as the browser sends it. */
function csvUpload(url: string, content: string): Request {
  const boundary = `----matrix${Date.now()}`
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  )
  return { method: 'POST', url, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
const leadCsv =
  'usdot,mc,name_and_safer_name,dba,business_phone,mobile_phone,email,street_1,city,state,zip,owner_name,source,' +
  'date_entered,established_date,trucks,drivers,entity_type,operating_status\n' +
  '1234567,MC-765432,Prairie Wind Freight LLC,Prairie Wind,5551112222,,ops@prairiewind.example,1 Main St,Dallas,' +
  'tx,75001,Jane Roe,Trade show,2025-03-01,2012-05-17,12,14,CARRIER,AUTHORIZED\n'

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

  /** A division nobody uses, made by the administrator, for delete cases. */
  async function spareDivision(): Promise<number> {
    const response = await send(admin, {
      method: 'POST',
      url: '/divisions',
      payload: { name: `Spare ${Math.random()}` },
    })
    await t.caughtUp()
    return response.json().id
  }

  /** A contact made by the administrator (a Lead in `divisionId`, or moved on to `statusId` there). */
  async function contactIn(divisionId = 15, statusId?: number): Promise<string> {
    const created = await send(admin, {
      method: 'POST',
      url: '/contacts',
      payload: { name: `Matrix Co ${Math.random()}`, organizationTypeId: 5, divisionId },
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

  const cases: Case[] = [
    {
      permission: 'admin',
      name: 'create a division',
      request: async (_, n) => ({ method: 'POST', url: '/divisions', payload: { name: `Matrix ${n}` } }),
    },
    {
      permission: 'admin',
      name: 'rename a division',
      request: async (_, n) => ({ method: 'PATCH', url: '/divisions/4', payload: { name: `Truck Sales ${n}` } }),
    },
    {
      permission: 'admin',
      name: 'delete a division',
      request: async () => ({ method: 'DELETE', url: `/divisions/${await spareDivision()}` }),
    },
    {
      permission: 'admin',
      name: 'change system config',
      request: async (_, n) => ({ method: 'PATCH', url: '/system-config/15', payload: { minCallAttempts: 3 + n } }),
    },
    {
      permission: 'admin',
      name: 'create a user',
      request: async (_, n) => ({
        method: 'POST',
        url: '/users',
        payload: { email: `made${n}.${Date.now()}@example.com`, name: 'Made', password: 'password123', divisionId: 15 },
      }),
    },
    {
      permission: 'admin',
      name: 'edit a user',
      request: async (_, n) => ({ method: 'PATCH', url: `/users/${rep.userId}`, payload: { name: `Plain Rep ${n}` } }),
    },
    {
      permission: 'login-as',
      name: 'log in as a user',
      request: async () => ({ method: 'POST', url: '/auth/login-as-user', payload: { userId: rep.userId } }),
    },
    {
      permission: 'manager',
      name: "change a team member's password",
      request: async (caller) => {
        const member = await t.userWith(`Member ${Math.random()}`, ['call'], { managerId: caller.userId })
        return {
          method: 'POST',
          url: `/auth/change-team-user-password/${member.userId}`,
          payload: { newPassword: 'new-password-1', confirmPassword: 'new-password-1' },
        }
      },
    },
    {
      permission: 'assign-any',
      name: 'create a contact assigned to someone else',
      request: async () => ({
        method: 'POST',
        url: '/contacts',
        payload: { name: 'Assigned Co', organizationTypeId: 5, assigned: rep.userId },
      }),
    },
    {
      permission: 'executive',
      name: 'create a contact in another division',
      request: async () => ({
        method: 'POST',
        url: '/contacts',
        payload: { name: 'Elsewhere Co', organizationTypeId: 5, divisionId: 2 },
      }),
    },
    {
      permission: 'executive',
      name: 'combine two contacts',
      request: async () => {
        const [a, b] = [await contactIn(), await contactIn()]
        const sources = { companyInfo: a, contactInfo: b, additionalInfo: a, address: a, redFlag: b }
        return {
          method: 'POST',
          url: '/contacts/combine-contacts',
          payload: { contactIds: [a, b], sources, statuses: [{ divisionId: 15, contactId: a }] },
        }
      },
    },
    {
      permission: 'delete-contact',
      name: 'delete a contact',
      request: async () => ({ method: 'DELETE', url: `/contacts/${await contactIn()}` }),
    },
    {
      permission: 'delete-contact',
      name: 'delete several contacts',
      request: async () => ({
        method: 'DELETE',
        url: '/contacts/multiple',
        payload: { ids: [await contactIn(), await contactIn()] },
      }),
    },
    {
      permission: 'change-contact-status',
      name: "change a contact's status",
      request: async () => ({
        method: 'POST',
        url: '/contacts/status-change',
        payload: { contactId: await contactIn(), divisionId: 15, statusId: 2 },
      }),
    },
    {
      permission: 'change-contact-status',
      name: 'set the status of several contacts',
      request: async () => ({
        method: 'POST',
        url: '/contacts/change-contact-status-without-additional-actions',
        payload: { contactIds: [await contactIn(), await contactIn()], divisionId: 15, statusId: 2 },
      }),
    },
    {
      permission: 'contract-lost-division',
      name: 'mark a contract lost in another division',
      request: async () => ({
        method: 'POST',
        url: '/contract-lost',
        payload: { contactId: await contactIn(2, 3), divisionId: 2, dateLost: '2026-01-15', lostReason: 'Price' },
      }),
    },
    {
      permission: 'assign-any',
      name: 'assign contacts to someone else',
      // Executives work across divisions, and so assign to anyone.
      alsoGrantedBy: ['executive'],
      request: async () => ({
        method: 'POST',
        url: '/contacts/assignUser',
        payload: { model: { assigned: rep.userId }, ids: [await contactIn()], divisionId: 15 },
      }),
    },
    {
      permission: 'manager',
      name: 'unassign contacts',
      alsoGrantedBy: ['assign-any'],
      request: async () => ({
        method: 'POST',
        url: '/contacts/unassignContacts',
        payload: { contactIds: [await contactIn()], divisionId: 15 },
      }),
    },
    {
      permission: 'upload-new-leads',
      name: 'upload new leads',
      request: async () => csvUpload('/contacts/upload-new-leads', leadCsv),
    },
  ]

  it.each(cases)(
    '$permission: $name — refused without it (nothing appended), done with it',
    async ({ permission, request, alsoGrantedBy = [] }) => {
      // Without: every other permission (administrators may do anything, so not that one either).
      const others = permissionKeys.filter((p) => p !== permission && p !== 'admin' && !alsoGrantedBy.includes(p))
      const without = await t.userWith(`Without ${permission} ${Math.random()}`, others)
      const refusedRequest = await request(without, 1)
      const before = await t.eventCount()
      const refused = await send(without, refusedRequest)
      expect(refused.statusCode, refused.body).toBe(403)
      expect(await t.eventCount()).toBe(before)

      const holder = await t.userWith(`With ${permission} ${Math.random()}`, [permission])
      const allowed = await send(holder, await request(holder, 2))
      expect(allowed.statusCode, allowed.body).toBeLessThan(300)
      // Bulk commands answer 200 with per-contact refusals: none may hide in there.
      expect(allowed.json().failed ?? [], allowed.body).toEqual([])
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
