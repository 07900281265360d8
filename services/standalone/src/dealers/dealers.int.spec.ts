import { dealerMessages } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

const options = (o: object) => `options=${encodeURIComponent(JSON.stringify(o))}`
const check = (q: Record<string, string>) => `/ts-dealers/duplicate-check?${new URLSearchParams(q).toString()}`

describe.each(databaseTargets())('dealers over HTTP on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let otherRep: Actor
  let manager: Actor
  beforeAll(async () => {
    s = await createLifecycleStack(target)
    manager = await s.actor('Mona Manager', ['call', 'manager'])
    rep = await s.actor('Rita Rep', ['call'], { managerId: manager.userId })
    otherRep = await s.actor('Otto Rep', ['call'], { managerId: manager.userId })
  }, 180_000)
  afterAll(() => s.close())

  const addDealer = async (as: Actor, body: Record<string, unknown>) =>
    as.post('/ts-dealers', { organizationTypeId: 7, ...body })

  it('checks for a duplicate first, adds the dealer, then refuses the same name and phone', async () => {
    const empty = await rep.get(check({ name: ' ', businessPhone: '' }))
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors).toEqual({
      name: 'Name cannot be empty.',
      businessPhone: 'Phone Number cannot be empty.',
    })
    expect((await rep.get(check({ name: 'Lone Star Trucks', businessPhone: '(214) 555-0100' }))).json()).toEqual({
      duplicate: null,
    })

    const created = await addDealer(rep, {
      name: 'Lone Star Trucks',
      businessPhone: '(214) 555-0100',
      address: { zip: '75201', state: 'TX' },
      contactCategory: 4,
    })
    expect(created.statusCode).toBe(201)
    const id = created.json().id as string

    const again = await rep.get(check({ name: 'lone star trucks', businessPhone: '214-555-0100' }))
    expect(again.json()).toEqual({ duplicate: { id, name: 'Lone Star Trucks' } })
    // Another zip is another yard of a dealer, not the same one; no zip matches any.
    expect(
      (await rep.get(check({ name: 'Lone Star Trucks', businessPhone: '2145550100', addressZip: '10001' }))).json(),
    ).toEqual({ duplicate: null })

    const refused = await addDealer(rep, { name: 'Lone Star Trucks', businessPhone: '214.555.0100' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json().title).toBe(dealerMessages.duplicate)
  })

  it('requires a name and a business phone on the add form, under their fields', async () => {
    const response = await addDealer(rep, { name: '', businessPhone: '' })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toMatchObject({
      name: dealerMessages.nameRequired,
      businessPhone: dealerMessages.businessPhoneRequired,
    })
  })

  it('edits only what is sent, and refuses an edit into a duplicate', async () => {
    const id = (
      await addDealer(rep, { name: 'Finance Partners', businessPhone: '3125550101', contactCategory: 5 })
    ).json().id
    await addDealer(rep, { name: 'Big Rig Sales', businessPhone: '3125550102' })
    expect((await rep.patch(`/ts-dealers/${id}`, { ownerName: 'Fran' })).statusCode).toBe(200)
    const dealer = (await rep.get(`/ts-dealers/${id}`)).json()
    expect(dealer).toMatchObject({
      name: 'Finance Partners',
      ownerName: 'Fran',
      contactCategory: 5,
      // Stored in docs/product.md's mask (decision 049).
      businessPhone: '(312) 555-0101',
    })
    const dup = await rep.patch(`/ts-dealers/${id}`, { name: 'Big Rig Sales', businessPhone: '312-555-0102' })
    expect(dup.statusCode).toBe(422)
    expect(dup.json().title).toBe(dealerMessages.duplicate)
    expect((await rep.patch(`/ts-dealers/${id}`, {})).statusCode).toBe(400)
  })

  it('lists dealers only, filtered by the card and paged; a plain contact is not a dealer', async () => {
    const contactId = await s.createContact(rep, { name: 'Not A Dealer Freight', businessPhone: '5555550000' })
    await addDealer(rep, {
      name: 'Peach State Trucks',
      businessPhone: '4045550103',
      address: { state: 'GA', zip: '30301' },
      numberOfTrucks: 12,
    })
    const all = (
      await rep.get(
        `/ts-dealers?${options({ pagination: { limit: 50, first: 0 }, sort: { field: 'name', direction: 'asc' } })}`,
      )
    ).json()
    expect(all.rows.map((r: { name: string }) => r.name)).not.toContain('Not A Dealer Freight')
    expect(all.rows.map((r: { name: string }) => r.name)).toContain('Peach State Trucks')
    const filtered = await rep.get(
      `/ts-dealers?${options({ filter: { addressState: 'ga', numberOfTrucksFrom: 10, numberOfTrucksTo: 20, businessPhone: '555-0103' } })}`,
    )
    expect(filtered.json().rows).toMatchObject([{ name: 'Peach State Trucks', state: 'GA', zip: '30301' }])
    expect((await rep.get(`/ts-dealers/count?${options({ filter: { name: 'peach' } })}`)).json()).toEqual({
      total: 1,
      timedOut: false,
    })
    const bad = await rep.get(
      `/ts-dealers?${options({ filter: { numberOfTrucksFrom: 5, numberOfTrucksTo: 1, oops: 1 } })}`,
    )
    expect(bad.statusCode).toBe(400)
    expect((await rep.get(`/ts-dealers/${contactId}`)).statusCode).toBe(404)
    expect((await rep.patch(`/ts-dealers/${contactId}`, { ownerName: 'X' })).statusCode).toBe(404)
  })

  it("another rep's dealer is a 404 on read and write; their manager sees it", async () => {
    const id = (await addDealer(otherRep, { name: 'Otto Dealer', businessPhone: '6155550104' })).json().id
    expect((await rep.get(`/ts-dealers/${id}`)).statusCode).toBe(404)
    expect((await rep.patch(`/ts-dealers/${id}`, { ownerName: 'X' })).statusCode).toBe(404)
    expect((await rep.get(check({ name: 'Otto Dealer', businessPhone: '6155550104' }))).json()).toEqual({
      duplicate: null,
    })
    expect((await manager.get(`/ts-dealers/${id}`)).statusCode).toBe(200)
  })
})
