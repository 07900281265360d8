/**
 * Logging in as another user: acting as someone never grants more than the person acting holds. For every
 * permission of the catalogue, a holder of login-as who lacks it cannot become a user who has it; and only users
 * of a division the caller works in. Administrators may act as anyone.
 */
import { actingAsMessages, messages, permissionKeys, rolePresets, type PermissionKey } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createIdentityStack, type IdentityStack } from './identity-stack'

describe.each(databaseTargets())('logging in as another user on $name', (target) => {
  let t: IdentityStack
  let admin: Awaited<ReturnType<IdentityStack['admin']>>
  beforeAll(async () => {
    t = await createIdentityStack(target)
    admin = await t.admin()
  }, 120_000)
  afterAll(() => t.close())

  const loginAs = (token: string, userId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login-as-user',
      headers: { authorization: `Bearer ${token}` },
      payload: { userId },
    })

  /** Refused with 403 and the reason, and nothing recorded. */
  async function expectRefused(token: string, userId: string, reason: string) {
    await t.caughtUp()
    const before = await t.eventCount()
    const refused = await loginAs(token, userId)
    expect(refused.statusCode, refused.body).toBe(403)
    expect(refused.json()).toMatchObject({ title: messages.forbidden, detail: reason })
    expect(await t.eventCount()).toBe(before)
  }

  it('lets a holder of login-as act as a user of their division who holds no more, recorded as today', async () => {
    const helper = await t.userWith('Helpdesk Hana', ['call', 'login-as', 'manager'])
    const rep = await t.userWith('Acted Arlo', ['call'])
    const response = await loginAs(helper.token, rep.userId)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().user).toMatchObject({ userId: rep.userId, permissions: ['call'] })
    const events = await t.store.readStream(`user-${rep.userId}`)
    expect(events.at(-1)).toMatchObject({ type: 'UserLoggedInAs', data: { byUserId: helper.userId } })
  })

  it('refuses a credit analyst (who reads a full SSN) and an analyst (who exports every event), saying why', async () => {
    const helper = await t.userWith('Helpdesk Hugo', ['call', 'login-as'])
    const creditAnalyst = await t.userWith('Credit Cleo', rolePresets['credit-analyst'])
    await expectRefused(
      helper.token,
      creditAnalyst.userId,
      actingAsMessages.morePermissions(['reveal-credit-data', 'credit-analyst']),
    )
    const analyst = await t.userWith('Analyst Abe', ['call', 'analyst'])
    await expectRefused(helper.token, analyst.userId, actingAsMessages.morePermissions(['analyst']))
  })

  it.each(permissionKeys.filter((p) => p !== 'admin' && p !== 'login-as'))(
    'refuses a holder of login-as who lacks %s acting as a user who has it',
    async (key: PermissionKey) => {
      const others = permissionKeys.filter((p) => p !== key && p !== 'admin')
      const helper = await t.userWith(`Without ${key} ${Math.random()}`, others)
      const holder = await t.userWith(`Holder of ${key} ${Math.random()}`, [key])
      await expectRefused(helper.token, holder.userId, actingAsMessages.morePermissions([key]))
    },
  )

  it('keeps to the divisions the caller works in: a manager of one division is refused a rep of another', async () => {
    const helper = await t.userWith('Helpdesk Hal', ['call', 'login-as', 'manager'], { divisionId: 15 })
    const elsewhere = await t.userWith('Remote Rita', ['call'], { divisionId: 3 })
    await expectRefused(helper.token, elsewhere.userId, actingAsMessages.otherDivision)
    // An executive works in every division.
    const executive = await t.userWith('Exec Edna', [...rolePresets.executive, 'login-as'], { divisionId: 1 })
    expect((await loginAs(executive.token, elsewhere.userId)).statusCode).toBe(200)
  })

  it('keeps the person at the keyboard named, and the rule, through a session opened as someone else', async () => {
    const helper = await t.userWith('Helpdesk Hope', ['call', 'login-as', 'manager'])
    const acted = await t.userWith('Acted Ames', ['call', 'login-as'])
    const first = await loginAs(helper.token, acted.userId)
    expect(first.statusCode, first.body).toBe(200)
    // As Ames, the manager's colleague is out of reach: Ames holds no manager permission.
    const manager = await t.userWith('Colleague Cy', ['call', 'manager'])
    await expectRefused(first.json().token, manager.userId, actingAsMessages.morePermissions(['manager']))
    const rep = await t.userWith('Acted Ada', ['call'])
    const second = await loginAs(first.json().token, rep.userId)
    expect(second.statusCode, second.body).toBe(200)
    const events = await t.store.readStream(`user-${rep.userId}`)
    expect(events.at(-1)).toMatchObject({ type: 'UserLoggedInAs', data: { byUserId: acted.userId } })
  })

  it('lets an administrator act as anyone, another administrator included', async () => {
    const creditAnalyst = await t.userWith('Credit Carla', rolePresets['credit-analyst'], { divisionId: 2 })
    expect((await loginAs(admin.token, creditAnalyst.userId)).statusCode).toBe(200)
    const otherAdmin = await t.userWith('Second Admin', rolePresets.admin, { divisionId: 3 })
    expect((await loginAs(admin.token, otherAdmin.userId)).statusCode).toBe(200)
  })
})
