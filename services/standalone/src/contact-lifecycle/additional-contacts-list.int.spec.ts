import type { AdditionalContactRow } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from './lifecycle-stack'

type Page = { rows: AdditionalContactRow[]; total: number; totalIsCapped: boolean }

/** GET /contactsAdditional (docs/product.md 7): the additional contacts of the contacts the caller sees. */
describe.each(databaseTargets())('the additional contacts list over HTTP on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let other: Actor
  let manager: Actor
  let mine: string
  let theirs: string

  const list = async (as: Actor, query = '') => {
    const response = await as.get(`/contactsAdditional${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as Page
  }
  const people = (page: Page) => page.rows.map((r) => r.contactPerson)

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    manager = await s.actor('Mona Manager', ['call', 'manager'])
    rep = await s.actor('Rita Rep', ['call'], { managerId: manager.userId })
    other = await s.actor('Otto Other', ['call'])
    mine = await s.createContact(rep, { name: 'Mine Freight' })
    const second = await s.createContact(rep, { name: 'Second Freight' })
    theirs = await s.createContact(other, { name: 'Their Freight' })
    const add = async (as: Actor, contactId: string, contactPerson: string) =>
      expect((await as.post('/contactsAdditional', { contactId, contactPerson })).statusCode).toBe(201)
    await add(rep, mine, 'Cora Dispatch')
    await add(rep, mine, 'abe Billing')
    await add(rep, second, 'Bea Safety')
    await add(other, theirs, 'Hidden Harry')
    const removed = await rep.post('/contactsAdditional', { contactId: second, contactPerson: 'Gone Gus' })
    expect((await rep.delete(`/contactsAdditional/${removed.json().id}?contactId=${second}`)).statusCode).toBe(200)
  }, 120_000)
  afterAll(() => s.close())

  it('lists those of the contacts the caller sees, by name, paged; deleted ones are gone', async () => {
    const page = await list(rep)
    expect(people(page)).toEqual(['abe Billing', 'Bea Safety', 'Cora Dispatch'])
    expect(page).toMatchObject({ total: 3, totalIsCapped: false })
    expect(page.rows[0]).toMatchObject({ contactId: mine, email: null })
    expect(await list(rep, '?first=1&limit=1')).toMatchObject({ total: 3, rows: [{ contactPerson: 'Bea Safety' }] })
  })

  it('filters by contact, as GET /contactsAdditional/contact/{id} lists it', async () => {
    const page = await list(rep, `?contactId=${mine}`)
    expect(people(page)).toEqual(['abe Billing', 'Cora Dispatch'])
    const byPath = (await rep.get(`/contactsAdditional/contact/${mine}`)).json() as AdditionalContactRow[]
    expect(page.rows).toEqual(expect.arrayContaining(byPath))
  })

  it('never lists one of a contact the caller may not see; names it a missing contact when asked for it', async () => {
    expect(people(await list(other))).toEqual(['Hidden Harry'])
    expect((await other.get(`/contactsAdditional?contactId=${mine}`)).statusCode).toBe(404)
    expect((await other.get(`/contactsAdditional?contactId=${crypto.randomUUID()}`)).statusCode).toBe(404)
    // A manager sees the division's.
    expect((await list(manager)).total).toBe(4)
  })

  it('refuses a bad filter or page under its field', async () => {
    const bad = await rep.get('/contactsAdditional?contactId=nope&limit=500')
    expect(bad.statusCode).toBe(400)
    expect(Object.keys(bad.json().errors).sort()).toEqual(['contactId', 'limit'])
  })
})
