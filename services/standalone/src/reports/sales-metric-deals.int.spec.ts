/**
 * Referrals and opportunities in the sales metrics, from a small known history appended with the moments it
 * happened: Rita works in New York (EST -300 until Sunday 8 March 2026, EDT -240 after) and refers contacts to
 * division 2, where Rex and Rory receive them; her opportunities cross a Sunday night and the end of the first
 * quarter. Every figure is worked out by hand in the comments.
 */
import type { SalesMetricContactRow, SalesMetricReport } from '@crm/contracts'
import { waitForPosition } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

describe.each(databaseTargets())('referrals and opportunities in the sales metrics on $name', (target) => {
  let s: LifecycleStack
  let admin: Actor
  let mona: Actor
  let rita: Actor
  let rex: Actor
  let rory: Actor
  let contactId: string

  /** Appends one event to `stream` as if `userId` had done it at `at` (UTC); answers its position. */
  async function happened(stream: string, userId: string, event: { type: string; data: object }, at: string) {
    const commandId = randomUUID()
    const metadata = { commandId, userId, divisionId: 15, correlationId: commandId, causationId: null, occurredAt: at }
    const result = await s.store.appendToStream(stream, [{ eventId: randomUUID(), ...event, metadata } as never], {
      expectedVersion: 'any',
    })
    return result.position
  }

  const referral = (id: string, attentionTo: string, at: string) =>
    happened(
      `referral-${id}`,
      rita.userId,
      {
        type: 'ReferralSent',
        data: {
          referralId: id,
          contactId,
          divisionId: 2,
          divisionFrom: 15,
          sentBy: rita.userId,
          taskId: randomUUID(),
          status: 1,
          subject: `Referral ${id}`,
          effortLevel: 122,
          grade: 108,
          attentionTo,
          dueDate: at,
          delayDate: null,
          note: null,
        },
      },
      at,
    )

  const opportunity = (id: string, by: string, stage: number, amount: number, at: string) =>
    happened(
      `opportunity-${id}`,
      by,
      {
        type: 'OpportunityCreated',
        data: {
          opportunityId: id,
          contactId,
          divisionId: 15,
          createdBy: by,
          creationDate: at,
          opportunityName: `Deal ${id}`,
          expectedCloseDate: '2026-06-30',
          prospectStage: stage,
          probability: 50,
          opportunityType: 1,
          amount,
          userId: rita.userId,
        },
      },
      at,
    )
  const stage = (id: string, fromStage: number, toStage: number, at: string) =>
    happened(
      `opportunity-${id}`,
      rita.userId,
      {
        type: 'OpportunityStageChanged',
        data: { opportunityId: id, contactId, fromStage, toStage, changedBy: rita.userId, changedAt: at },
      },
      at,
    )

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    admin = await s.adminActor()
    mona = await s.actor('Mona Manager', ['call', 'manager'])
    rita = await s.actor('Rita Rep', ['call'], { managerId: mona.userId })
    rex = await s.actor('Rex Receiver', ['call'], { divisionId: 2 })
    rory = await s.actor('Rory Receiver', ['call'], { divisionId: 2 })
    contactId = await s.createContact(rita, { name: 'Rita Freight' })

    await referral('r1', rex.userId, '2026-03-02T04:30:00Z') // Sun 1 Mar 23:30 EST; Mon 2 Mar 00:30 at -240
    await referral('r2', rex.userId, '2026-03-04T15:00:00Z')
    await happened(
      'referral-r2',
      rita.userId,
      {
        type: 'ReferralAttentionToChanged',
        data: { referralId: 'r2', contactId, divisionId: 2, from: rex.userId, to: rory.userId, changedBy: rita.userId },
      },
      '2026-03-04T16:00:00Z',
    )
    const [o1, o2, o3, o4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()]
    await opportunity(o1, rita.userId, 1, 1000.5, '2026-03-03T14:00:00Z')
    await happened(
      `opportunity-${o1}`,
      rita.userId,
      {
        type: 'OpportunityChanged',
        data: { opportunityId: o1, contactId, changes: { amount: 1200.25 }, changedBy: rita.userId },
      },
      '2026-03-05T14:00:00Z',
    )
    await stage(o1, 1, 6, '2026-04-01T03:30:00Z') // Tue 31 Mar 23:30 EDT: Q1 in New York, Q2 in UTC
    await opportunity(o2, rita.userId, 6, 500, '2026-03-06T14:00:00Z') // created won
    await opportunity(o3, rita.userId, 5, 700, '2026-03-06T15:00:00Z')
    await stage(o3, 5, 6, '2026-03-07T15:00:00Z')
    await stage(o3, 6, 5, '2026-03-08T15:00:00Z') // the win is withdrawn
    const last = await opportunity(o4, mona.userId, 2, 300, '2026-03-05T10:00:00Z') // Mona's, for Rita
    expect(await waitForPosition(s.database.db, ['report_sales_facts', 'users'], last, 30_000)).toBe(true)
  }, 120_000)
  afterAll(() => s.close())

  const report = async (as: Actor, query: string) => {
    const response = await as.get(`/reports/sales-metric?${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as SalesMetricReport
  }
  const rowOf = (r: SalesMetricReport, userId: string) => r.rows.find((row) => row.userId === userId)!

  it('the week of 2-8 March at -300 leaves out the Sunday-night referral; at -240 it is in', async () => {
    const winter = rowOf(await report(mona, 'dateFrom=2026-03-02&dateTo=2026-03-08&utcOffset=-300'), rita.userId)
    // [2 Mar 05:00Z, 9 Mar 05:00Z): r2 only. Created: o1, o2, o3, o4 (Mona made it; Rita is the salesperson).
    // Amounts: 1200.25 (o1 as changed) + 500 + 700 + 300 = 2700.25. Won: o2 (500); o3's win was withdrawn.
    expect(winter.counts).toMatchObject({
      referralsSent: 1,
      referralsReceived: 0,
      opportunitiesCreated: 4,
      opportunitiesWon: 1,
    })
    expect(winter.amounts).toEqual({ opportunitiesCreated: 2700.25, opportunitiesWon: 500 })
    const summer = rowOf(await report(mona, 'dateFrom=2026-03-02&dateTo=2026-03-08&utcOffset=-240'), rita.userId)
    expect(summer.counts.referralsSent).toBe(2) // r1 is Monday 00:30 there
  })

  it('received referrals count in the receiving division, for whom they are now meant', async () => {
    const r = await report(admin, 'dateFrom=2026-03-01&dateTo=2026-03-31&utcOffset=-300&divisionId=2')
    expect([rowOf(r, rex.userId).counts.referralsReceived, rowOf(r, rory.userId).counts.referralsReceived]).toEqual([
      1, 1,
    ])
    expect(r.rows.find((row) => row.userId === rita.userId)).toBeUndefined()
    expect(r.totals.counts.referralsSent).toBe(0) // sent from division 15
  })

  it('the first quarter ends at New York midnight (-240) or UTC midnight (0): o1 is won in one, not the other', async () => {
    const ny = rowOf(await report(mona, 'dateFrom=2026-01-01&dateTo=2026-03-31&utcOffset=-240'), rita.userId)
    expect([ny.counts.opportunitiesWon, ny.amounts.opportunitiesWon]).toEqual([2, 1700.25])
    const utc = rowOf(await report(mona, 'dateFrom=2026-01-01&dateTo=2026-03-31&utcOffset=0'), rita.userId)
    expect([utc.counts.opportunitiesWon, utc.amounts.opportunitiesWon]).toEqual([1, 500])
  })

  it('each number opens as many records, with the subject or name and the amount', async () => {
    const query = `dateFrom=2026-03-02&dateTo=2026-03-08&utcOffset=-300&userId=${rita.userId}&divisionId=15`
    const row = rowOf(await report(mona, query), rita.userId)
    for (const metric of ['referralsSent', 'opportunitiesCreated', 'opportunitiesWon'] as const) {
      const page = await mona.get(`/reports/sales-metric/contacts?${query}&metric=${metric}&limit=100`)
      expect(page.statusCode, page.body).toBe(200)
      expect([metric, page.json().total]).toEqual([metric, row.counts[metric]])
    }
    const created = (await mona.get(`/reports/sales-metric/contacts?${query}&metric=opportunitiesCreated`)).json()
    const rows = created.rows as SalesMetricContactRow[]
    expect(rows.map((r) => r.amount).sort((a, b) => a! - b!)).toEqual([300, 500, 700, 1200.25])
    expect(rows.every((r) => r.contactName === 'Rita Freight' && r.detail?.startsWith('Deal '))).toBe(true)
    const sent = (await mona.get(`/reports/sales-metric/contacts?${query}&metric=referralsSent`)).json()
    expect(sent.rows).toMatchObject([{ detail: 'Referral r2', amount: null }])
  })

  it("the manager reads neither division 2's receivers nor their records", async () => {
    const hidden = await mona.get(
      `/reports/sales-metric/contacts?range=1&userId=${rex.userId}&divisionId=2&metric=referralsReceived`,
    )
    expect(hidden.statusCode).toBe(404)
  })
})
