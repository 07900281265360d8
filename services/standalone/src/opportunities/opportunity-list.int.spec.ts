import type { OpportunityRow } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

type Page = { rows: OpportunityRow[]; total: number; totalIsCapped: boolean }

/** GET /opportunities (docs/product.md 7): the usual list options, and only what the caller may see. */
describe.each(databaseTargets())('the opportunities list over HTTP on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let other: Actor
  let manager: Actor
  let executive: Actor
  let repContact: string
  let otherContact: string
  const ids: Record<string, string> = {}

  const list = async (as: Actor, options?: object) => {
    const query = options ? `?options=${encodeURIComponent(JSON.stringify(options))}` : ''
    const response = await as.get(`/opportunities${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as Page
  }
  const names = (page: Page) => page.rows.map((r) => r.opportunityName)

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    manager = await s.actor('Max Manager', ['call', 'manager'])
    executive = await s.actor('Eve Executive', ['call', 'executive'], { divisionId: 1 })
    rep = await s.actor('Olive Owner', ['call'], { managerId: manager.userId })
    other = await s.actor('Otto Other', ['call'])
    repContact = await s.createContact(rep, { name: 'Reefer Kings' })
    otherContact = await s.createContact(other, { name: 'Flatbed Queens' })
    const open = async (as: Actor, contactId: string, opportunityName: string, extra: object = {}) => {
      const body = { opportunityName, prospectStage: 1, probability: 20, opportunityType: 2, amount: 1000, contactId }
      const created = await as.post('/opportunities', { ...body, ...extra })
      expect(created.statusCode, created.body).toBe(201)
      ids[opportunityName] = created.json().id
    }
    await open(rep, repContact, 'Alpha lease', { amount: 5000 })
    await open(rep, repContact, 'Bravo loan', { amount: 100, opportunityType: 1, prospectStage: 6 })
    await open(rep, repContact, 'Charlie line', { amount: 2500, prospectStage: 3 })
    await open(other, otherContact, 'Delta freight', { amount: 9000 })
  }, 120_000)
  afterAll(() => s.close())

  it('lists the caller’s opportunities, newest first by default, with their total', async () => {
    const page = await list(rep)
    expect(names(page)).toEqual(['Charlie line', 'Bravo loan', 'Alpha lease'])
    expect(page).toMatchObject({ total: 3, totalIsCapped: false })
    expect(page.rows[0]).toMatchObject({
      id: ids['Charlie line'],
      contactName: 'Reefer Kings',
      userName: 'Olive Owner',
    })
  })

  it('pages, sorts and filters as the other lists do', async () => {
    const byAmount = { sort: { field: 'amount', direction: 'desc' } }
    expect(names(await list(rep, byAmount))).toEqual(['Alpha lease', 'Charlie line', 'Bravo loan'])
    const second = await list(rep, { ...byAmount, pagination: { limit: 5, first: 1 } })
    expect(names(second)).toEqual(['Charlie line', 'Bravo loan'])
    expect(second.total).toBe(3)
    expect(names(await list(rep, { filter: { open: false } }))).toEqual(['Bravo loan'])
    expect(names(await list(rep, { filter: { prospectStage: 3 } }))).toEqual(['Charlie line'])
    expect(names(await list(rep, { filter: { opportunityType: 1 } }))).toEqual(['Bravo loan'])
    expect(names(await list(rep, { filter: { contactId: repContact, open: true } }))).toEqual([
      'Charlie line',
      'Alpha lease',
    ])
    expect(names(await list(rep, { tableFilter: { global: 'ALPHA' } }))).toEqual(['Alpha lease'])
    expect(names(await list(rep, { tableFilter: { global: 'reefer' } }))).toHaveLength(3)
  })

  it('refuses bad options with a message under the field, and changes nothing', async () => {
    const refused = async (options: object) => {
      const response = await rep.get(`/opportunities?options=${encodeURIComponent(JSON.stringify(options))}`)
      expect(response.statusCode, response.body).toBe(400)
      return response.json().errors as Record<string, string>
    }
    expect(Object.keys(await refused({ sort: { field: 'password', direction: 'asc' } }))).toEqual([
      'options.sort.field',
    ])
    expect(Object.keys(await refused({ filter: { salary: 1 } }))).toEqual(['options.filter.salary'])
    expect(Object.keys(await refused({ filter: { prospectStage: 9 } }))).toEqual(['options.filter.prospectStage'])
    expect(Object.keys(await refused({ pagination: { limit: 7, first: 0 } }))).toEqual(['options.pagination.limit'])
    expect((await rep.get('/opportunities?options=not-json')).statusCode).toBe(400)
  })

  it('never lists an opportunity the caller may not see: reps theirs, managers their division’s, executives any', async () => {
    expect(names(await list(other))).toEqual(['Delta freight'])
    // Another rep's contact is answered as a missing one, as on every route.
    const hidden = await other.get(
      `/opportunities?options=${encodeURIComponent(JSON.stringify({ filter: { contactId: repContact } }))}`,
    )
    expect(hidden.statusCode).toBe(404)
    expect(names(await list(other, { filter: { userId: rep.userId } }))).toEqual([])
    expect((await list(manager)).total).toBe(4)
    expect(names(await list(manager, { filter: { userId: rep.userId } }))).toHaveLength(3)
    expect((await list(executive)).total).toBe(4)
    expect((await list(executive, { filter: { divisionId: 2 } })).total).toBe(0)
  })
})
