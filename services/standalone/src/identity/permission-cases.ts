import type { PermissionKey } from '@crm/contracts'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { contactCases } from './permission-contact-cases'
import { creditCases } from './permission-credit-cases'
import { readCases } from './permission-read-cases'

export type Caller = { userId: string; token: string }
export type Request = {
  method: 'POST' | 'PATCH' | 'DELETE' | 'GET'
  url: string
  payload?: object | Buffer
  headers?: Record<string, string>
}
/**
 * A call that needs `permission`; `request` builds a fresh request (successes must not collide).
 * `alsoGrantedBy`: other permissions that allow it too (the refused user lacks those as well).
 * `requires`: what the holder needs besides (the refused user has it, as it has everything else).
 * `refusedWith`: the answer without the permission when it is not a plain 403.
 */
export type Case = {
  permission: PermissionKey
  name: string
  request: (caller: Caller, run: number) => Promise<Request>
  alsoGrantedBy?: PermissionKey[]
  requires?: PermissionKey[]
  refusedWith?: number
  /** The division both users work in (15 unless given). */
  divisionId?: number
}

/** What the cases build their requests with: the stack's users and fresh contacts. */
export interface CaseTools {
  admin: () => Caller
  rep: () => Caller
  send: (caller: Caller, request: Request) => Promise<LightMyRequestResponse>
  contactIn: (divisionId?: number, statusId?: number) => Promise<string>
  /** Puts a contact into one more division (by the administrator), at `statusId` there. */
  alsoIn: (contactId: string, divisionId: number, statusId: number) => Promise<void>
  userWith: (
    name: string,
    permissions: PermissionKey[],
    extra?: { managerId?: string; divisionId?: number },
  ) => Promise<Caller>
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

const newPassword = { newPassword: 'new-password-1', confirmPassword: 'new-password-1' }

export function permissionCases(tools: CaseTools): Case[] {
  const { send, contactIn, userWith } = tools
  const rep = () => tools.rep()

  /** A division nobody uses, made by the administrator, for delete cases. */
  async function spareDivision(): Promise<number> {
    const response = await send(tools.admin(), {
      method: 'POST',
      url: '/divisions',
      payload: { name: `Spare ${Math.random()}` },
    })
    return response.json().id
  }
  /** An open task of the caller's own, on a fresh contact. */
  async function ownTask(caller: Caller): Promise<string> {
    const created = await send(caller, {
      method: 'POST',
      url: '/task',
      payload: { title: 'Matrix task', contactId: await contactIn() },
    })
    expect(created.statusCode, created.body).toBe(201)
    return created.json().id
  }

  return [
    ...administration(spareDivision, tools),
    {
      permission: 'login-as',
      name: 'log in as a user',
      // Only as someone who holds no more than the caller: the rep has call (login-as.int.spec.ts).
      requires: ['call'],
      request: async () => ({ method: 'POST', url: '/auth/login-as-user', payload: { userId: rep().userId } }),
    },
    {
      permission: 'admin',
      name: 'log in as an administrator',
      requires: ['login-as'],
      request: async () => ({ method: 'POST', url: '/auth/login-as-user', payload: { userId: tools.admin().userId } }),
    },
    {
      permission: 'manager',
      name: "change a team member's password",
      request: async (caller) => {
        const member = await userWith(`Member ${Math.random()}`, ['call'], { managerId: caller.userId })
        return { method: 'POST', url: `/auth/change-team-user-password/${member.userId}`, payload: newPassword }
      },
    },
    {
      permission: 'manager',
      name: "set a team member's expectations",
      request: async (caller) => {
        const member = await userWith(`Member ${Math.random()}`, ['call'], { managerId: caller.userId })
        const expectations = { day: 4, week: 20, month: 80, year: 1000 }
        return { method: 'PATCH', url: `/users/${member.userId}`, payload: { expectations } }
      },
    },
    ...contactCases(tools, rep),
    {
      permission: 'upload-new-leads',
      name: 'upload new leads',
      request: async () => csvUpload('/contacts/upload-new-leads', leadCsv),
    },
    {
      permission: 'assign-any',
      name: 'create a task for someone else',
      // Executives work across divisions, and so assign to anyone (as contacts).
      alsoGrantedBy: ['executive'],
      request: async () => ({
        method: 'POST',
        url: '/task',
        payload: { title: 'For the rep', contactId: await contactIn(), assigned: rep().userId },
      }),
    },
    {
      permission: 'assign-any',
      name: 'hand a task over to someone else',
      // Executives work across divisions, and so assign to anyone (as contacts).
      alsoGrantedBy: ['executive'],
      request: async (caller) => ({
        method: 'PATCH',
        url: `/task/${await ownTask(caller)}`,
        payload: { assigned: rep().userId },
      }),
    },
    {
      permission: 'none-next-step',
      name: 'complete a task with None as the next step',
      // A rule of the complete_task form: answered under the Next Step field (docs/product.md section 8).
      refusedWith: 400,
      request: async (caller) => ({
        method: 'POST',
        url: `/task/complete/${await ownTask(caller)}`,
        payload: { nextStep: 0, notes: 'Nothing further' },
      }),
    },
    {
      permission: 'none-next-step',
      name: "complete a task with None as the next step, on the earlier release's path",
      // POST /task/{id}/complete: deprecated, the same handler and rules (docs/decisions/015-api-contract.md).
      refusedWith: 400,
      request: async (caller) => ({
        method: 'POST',
        url: `/task/${await ownTask(caller)}/complete`,
        payload: { nextStep: 0, notes: 'Nothing further' },
      }),
    },
    ...readCases(rep),
    ...creditCases(tools),
  ]
}

function administration(spareDivision: () => Promise<number>, tools: CaseTools): Case[] {
  return [
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
      request: async (_, n) => ({
        method: 'PATCH',
        url: `/users/${tools.rep().userId}`,
        payload: { name: `Plain Rep ${n}` },
      }),
    },
    {
      permission: 'admin',
      name: "change another user's password",
      request: async () => {
        const someone = await tools.userWith(`Someone ${Math.random()}`, ['call'])
        return { method: 'POST', url: `/auth/change-pass/${someone.userId}`, payload: newPassword }
      },
    },
    {
      permission: 'admin',
      name: 'set the password of someone outside their team',
      request: async () => {
        const someone = await tools.userWith(`Someone ${Math.random()}`, ['call'])
        return { method: 'POST', url: `/auth/change-team-user-password/${someone.userId}`, payload: newPassword }
      },
    },
  ]
}
