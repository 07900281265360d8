import { opportunityMessages, type OpportunityRow } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

/** Opportunities over HTTP (docs/product.md 3, 5, 7): create, edit, stages, who sees them. */
describe.each(databaseTargets())('opportunities over HTTP on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let other: Actor
  let manager: Actor
  let contactId: string
  let id: string
  const body = {
    opportunityName: 'Five reefers',
    prospectStage: 1,
    probability: 20,
    opportunityType: 2,
    amount: 100000,
  }
  const ofContact = async (as: Actor) => {
    const response = await as.get(`/opportunities/by-contact/${contactId}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as OpportunityRow[]
  }

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    manager = await s.actor('Max Manager', ['call', 'manager'])
    rep = await s.actor('Olive Owner', ['call'], { managerId: manager.userId })
    other = await s.actor('Otto Other', ['call'])
    contactId = await s.createContact(rep, { name: 'Opportunity Freight' })
  }, 120_000)
  afterAll(() => s.close())

  it('POST /opportunities: field rules under the fields, then created with today plus the cold days', async () => {
    const refused = await rep.post('/opportunities', { ...body, contactId, probability: 101, amount: -1 })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toMatchObject({
      probability: opportunityMessages.probabilityRange,
      amount: opportunityMessages.amountNotNegative,
    })
    const created = await rep.post('/opportunities', { ...body, contactId })
    expect(created.statusCode, created.body).toBe(201)
    id = created.json().id
    const [row] = await ofContact(rep)
    const cold = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10)
    expect(row).toMatchObject({ id, userName: 'Olive Owner', amount: 100000, weightedAmount: 20000, prospectStage: 1 })
    // Today plus the default 14 cold days, give or take the zone's day boundary.
    expect(Math.abs(Date.parse(row!.expectedCloseDate) - Date.parse(cold))).toBeLessThanOrEqual(86_400_000)
  })

  it('PATCH /opportunities/{id}: moves through two stages, only what is sent changes', async () => {
    expect((await rep.patch(`/opportunities/${id}`, { prospectStage: 3, probability: 50 })).statusCode).toBe(200)
    expect((await manager.patch(`/opportunities/${id}`, { prospectStage: 6 })).statusCode).toBe(200)
    const [row] = await ofContact(rep)
    expect(row).toMatchObject({ prospectStage: 6, probability: 50, amount: 100000, opportunityName: 'Five reefers' })
    expect(row!.stageChangedAt).not.toBeNull()
    expect((await rep.patch(`/opportunities/${id}`, {})).statusCode).toBe(400)
  })

  it('is answered as missing to a rep who is neither its salesperson nor its author', async () => {
    expect((await other.patch(`/opportunities/${id}`, { amount: 1 })).statusCode).toBe(404)
  })
})
