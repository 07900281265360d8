import type { ContactSearchRow } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { created } from './contact-events'
import { createListHarness, type ListHarness } from './list-harness'

const users = [
  { key: 'manager', name: 'Mona Manager', divisionId: 15, permissions: ['call' as const, 'manager' as const] },
  { key: 'exec', name: 'Eve Exec', divisionId: 15, permissions: ['executive' as const, 'manager' as const] },
  { key: 'rep', name: 'Rita Rep', divisionId: 15, permissions: ['call' as const] },
]

describe.each(databaseTargets())('Advanced Search and filter presets on $name', (target) => {
  let h: ListHarness
  const search = (user: string, filter: object, path = '/api/v1/advanced-search') =>
    h.request(
      user,
      'GET',
      `${path}?options=${encodeURIComponent(JSON.stringify({ pagination: { limit: 100, first: 0 }, filter }))}`,
    )
  const names = async (user: string, filter: object) => {
    const response = await search(user, filter)
    expect(response.statusCode, response.body).toBe(200)
    return response
      .json()
      .rows.map((r: ContactSearchRow) => r.name)
      .sort()
  }

  beforeAll(async () => {
    h = await createListHarness(target, users)
    const add = (name: string, zip: string, state: string, trucks: number, extra = {}) => {
      const event = created({ name, address: { zip, state, city: 'x' }, numberOfTrucks: trucks, ...extra })
      return h.append(`contact-${(event.data as { contactId: string }).contactId}`, [event])
    }
    await add('Addison Freight', '75001', 'TX', 5) // Addison, TX
    await add('Dallas Haulers', '75201', 'TX', 40) // downtown Dallas, ~13 miles away
    await add('Houston Carriers', '77002', 'TX', 80, { statusId: 2 }) // ~225 miles away
    await add('Rochester Lines', '46975', 'IN', 12, { dba: 'Roch' }) // ~800 miles away
    await add('Other Division', '75001', 'TX', 5, { divisionId: 2 })
  }, 120_000)
  afterAll(() => h?.close())

  it('finds contacts by distance from a zip code, using the zip codes’ real coordinates', async () => {
    expect(await names('manager', { zip: '75001', distance: '0-5' })).toEqual(['Addison Freight'])
    expect(await names('manager', { zip: '75001', distance: '0-25' })).toEqual(['Addison Freight', 'Dallas Haulers'])
    expect(await names('manager', { zip: '75001', distance: '0-100' })).toEqual(['Addison Freight', 'Dallas Haulers'])
    expect(await names('manager', { zip: '75001', distance: '100+' })).toEqual(['Houston Carriers', 'Rochester Lines'])
    const row = (await search('manager', { zip: '75001', distance: '0-25', name: 'dallas' })).json().rows[0]
    expect(row.distanceMiles).toBeGreaterThan(10)
    expect(row.distanceMiles).toBeLessThan(20)
  })

  it('combines five filters', async () => {
    const filter = {
      state: 'TX',
      numberOfTrucksFrom: 1,
      numberOfTrucksTo: 50,
      zip: '75001',
      distance: '0-50',
      organizationTypeId: 7,
    }
    expect(await names('manager', filter)).toEqual(['Addison Freight', 'Dallas Haulers'])
    expect(await names('manager', { dba: 'roc' })).toEqual(['Rochester Lines'])
    expect(await names('manager', { divisionId: 15, statusId: 2 })).toEqual(['Houston Carriers'])
  })

  it('searches every division for executives without a division filter, one row per contact', async () => {
    expect(await names('exec', { zip: '75001', distance: '0-5' })).toEqual(['Addison Freight', 'Other Division'])
    expect(await names('exec', { zip: '75001', distance: '0-5', divisionId: 2 })).toEqual(['Other Division'])
    expect((await search('manager', { divisionId: 2 })).statusCode).toBe(403)
  })

  it.each([
    [{ statusId: 1 }, 'divisionId', 'Division filter field must be entered'],
    [{ assigned: 'unassigned' }, 'divisionId', 'Division filter field must be entered'],
    [{ grade: 108 }, 'divisionId', 'Division filter field must be entered'],
    [{ effortLevel: 122 }, 'divisionId', 'Division filter field must be entered'],
    [{ zip: '75001' }, 'distance', 'Distance Radius must be provided!'],
    [{ distance: '0-10' }, 'zip', 'Zip code must be provided!'],
    [{ numberOfTrucksFrom: 10, numberOfTrucksTo: 5 }, 'numberOfTrucksTo', "Trucks 'to' must be at least 'from'"],
    [{ divisionId: 1, statusId: 1 }, 'statusId', 'Not available for division 1'],
    [{ divisionId: 1, assigned: 'unassigned' }, 'assigned', 'Not available for division 1'],
    [{ distance: '0-7', zip: '75001' }, 'distance', expect.any(String)],
    [{ nonsense: 1 }, 'nonsense', 'Unknown filter'],
  ])('refuses %j with the message under %s', async (filter, field, message) => {
    const response = await search('exec', filter)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors[`options.filter.${field}`]).toEqual(message)
  })

  it('answers an unknown zip code and filters outside the role', async () => {
    const unknown = await search('manager', { zip: '00000', distance: '0-10' })
    expect(unknown.statusCode).toBe(400)
    expect((await search('rep', { isExYu: 1 })).statusCode).toBe(403)
    expect((await search('rep', { salesperson: h.ids.manager })).statusCode).toBe(403)
  })

  it('saves presets per user: create, rename, enable filter names, delete', async () => {
    const create = await h.request('manager', 'POST', '/api/v1/filter-presets', {
      name: 'Texas fleets',
      enabledFilterNames: ['state', 'numberOfTrucksFrom'],
      filter: { state: 'TX', numberOfTrucksFrom: 10 },
    })
    expect(create.statusCode, create.body).toBe(201)
    const { id } = create.json()
    await h.settle(create.json().position)
    const list = (user: string) => h.request(user, 'GET', '/api/v1/filter-presets').then((r) => r.json())
    expect(await list('manager')).toMatchObject([
      { id, name: 'Texas fleets', enabledFilterNames: ['state', 'numberOfTrucksFrom'] },
    ])
    expect(await list('exec')).toEqual([])
    expect((await h.request('exec', 'PATCH', `/api/v1/filter-presets/${id}`, { name: 'Mine now' })).statusCode).toBe(
      404,
    )
    const rename = await h.request('manager', 'PATCH', `/api/v1/filter-presets/${id}`, {
      name: 'TX 10+',
      enabledFilterNames: ['state'],
    })
    await h.settle(rename.json().position)
    expect(await list('manager')).toMatchObject([
      { name: 'TX 10+', enabledFilterNames: ['state'], filter: { state: 'TX' } },
    ])
    const remove = await h.request('manager', 'DELETE', `/api/v1/filter-presets/${id}`)
    await h.settle(remove.json().position)
    expect(await list('manager')).toEqual([])
  })
})
