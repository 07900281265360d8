import type { ContactSearchRow, Paged } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { COUNT_CAP } from '@crm/query-api'
import { contactEvent, created } from './contact-events'
import { createListHarness, divisionFloor, type ListHarness } from './list-harness'

/** GET /api/v1/contacts is the All Contacts list of contact_search, with the lists' visibility scope. */
describe.each(databaseTargets())('GET /api/v1/contacts on $name', (target) => {
  let h: ListHarness
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    h = await createListHarness(target, divisionFloor)
    const { rep, otherRep } = h.ids as Record<string, string>
    const make = async (
      key: string,
      data: Parameters<typeof created>[0],
      more: (id: string) => unknown[] = () => [],
    ) => {
      const event = created({ name: key, ...data })
      ids[key] = (event.data as { contactId: string }).contactId
      await h.append(`contact-${ids[key]}`, [event, ...(more(ids[key]) as never[])])
    }
    await make('Alpha Freight', {
      assigned: rep,
      address: { state: 'TX' },
      dotNumber: '1000001',
      mcNumber: 'MC500',
      numberOfTrucks: 12,
    })
    await make('beta 100% Haulers_', { statusId: 2, address: { state: 'CA' }, dotNumber: '2000002', numberOfTrucks: 3 })
    await make('Gamma Logistics', {
      statusId: 3,
      assigned: otherRep,
      address: { state: 'TX' },
      dotNumber: '3000003',
      numberOfTrucks: 40,
    })
    await make('Deleted Co', { dotNumber: '6000006' }, (id) => [contactEvent('ContactDeleted', { contactId: id })])
    await make('Delta Elsewhere', { divisionId: 2, dotNumber: '4000004' })
    // Created in division 2, then brought into 15 by a master-data assign to the rep.
    await make('Epsilon Both', { divisionId: 2, dotNumber: '5000005', numberOfTrucks: 80 }, (id) => [
      contactEvent('ContactAssigned', {
        contactId: id,
        divisionId: 15,
        assigned: rep!,
        previousAssigned: null,
        cscCreationDate: null,
        isMasterDataAssign: true,
        joinedDivision: true,
        statusId: 1,
      }),
    ])
  }, 120_000)
  afterAll(() => h?.close())

  const list = (who: string, options: object = {}, headers: Record<string, string> = {}) =>
    h.app.inject({
      method: 'GET',
      url: '/api/v1/contacts',
      query: { options: JSON.stringify(options) },
      headers: { authorization: `Bearer ${h.tokens[who]}`, ...headers },
    })
  const names = (response: { json(): Paged<ContactSearchRow> }) => response.json().rows.map((r) => r.name)

  it('shows a rep their own and unassigned contacts of their division, name descending by default', async () => {
    const response = await list('rep', { pagination: { limit: 10, first: 0 } })
    expect(response.statusCode, response.body).toBe(200)
    expect(names(response)).toEqual(['Epsilon Both', 'beta 100% Haulers_', 'Alpha Freight'])
    expect(response.json()).toMatchObject({ total: 3, totalIsCapped: false })
    const alpha = response.json().rows.find((r: ContactSearchRow) => r.id === ids['Alpha Freight'])
    expect(alpha).toMatchObject({
      state: 'TX',
      dotNumber: '1000001',
      numberOfTrucks: 12,
      divisionId: 15,
      statusId: 1,
      assigned: h.ids.rep,
      assignedName: 'Rita Rep',
      assignedToMyTeam: true,
      openedFlags: 0,
    })
  })

  it('shows a manager the whole division', async () => {
    expect(names(await list('manager', { pagination: { limit: 10, first: 0 } }))).toEqual([
      'Gamma Logistics',
      'Epsilon Both',
      'beta 100% Haulers_',
      'Alpha Freight',
    ])
  })

  it('filters by name (contains, any case, wildcards literal), status, state, DOT, MC and the search box', async () => {
    const filtered = async (filter: object) =>
      names(await list('manager', { filter, sort: { field: 'name', direction: 'asc' } }))
    expect(await filtered({ name: 'ALPHA' })).toEqual(['Alpha Freight'])
    expect(await filtered({ name: '100%' })).toEqual(['beta 100% Haulers_'])
    expect(await filtered({ name: '_' })).toEqual(['beta 100% Haulers_'])
    expect(await filtered({ statusId: 3 })).toEqual(['Gamma Logistics'])
    expect(await filtered({ statusId: '2' })).toEqual(['beta 100% Haulers_'])
    expect(await filtered({ state: 'ca' })).toEqual(['beta 100% Haulers_'])
    expect(await filtered({ dotNumber: '1000' })).toEqual(['Alpha Freight'])
    expect(await filtered({ mcNumber: 'MC5', name: null })).toEqual(['Alpha Freight'])
    expect(names(await list('manager', { tableFilter: { global: '2000' } }))).toEqual(['beta 100% Haulers_'])
  })

  it('sorts by whitelisted fields and pages', async () => {
    const byTrucks = await list('manager', { sort: { field: 'numberOfTrucks', direction: 'asc' } })
    expect(names(byTrucks)).toEqual(['beta 100% Haulers_', 'Alpha Freight', 'Gamma Logistics', 'Epsilon Both'])
    const page2 = await list('manager', {
      pagination: { limit: 5, first: 2 },
      sort: { field: 'name', direction: 'asc' },
    })
    expect(names(page2)).toEqual(['Epsilon Both', 'Gamma Logistics'])
    expect(page2.json().total).toBe(4)
  })

  it.each([
    ['an unknown sort field', { sort: { field: 'password_hash', direction: 'asc' } }, 'options.sort.field'],
    ['an unknown filter', { filter: { ssn: '1' } }, 'options.filter.ssn'],
    ['a page size outside 5/10/50/100', { pagination: { limit: 7, first: 0 } }, 'options.pagination.limit'],
  ])('answers %s with 400', async (_label, options, field) => {
    const response = await list('rep', options)
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().errors)).toContain(field)
  })

  it('answers malformed options JSON with 400', async () => {
    const response = await h.request('rep', 'GET', '/api/v1/contacts?options=%7Bnope')
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.options).toBe('options must be JSON')
  })

  it('lets executives switch division with x-division-id, and nobody else', async () => {
    expect(names(await list('exec', {}, { 'x-division-id': '2' }))).toEqual(['Epsilon Both', 'Delta Elsewhere'])
    expect((await list('rep', {}, { 'x-division-id': '2' })).statusCode).toBe(403)
    expect((await list('rep', {}, { 'x-division-id': '15' })).statusCode).toBe(200)
    expect((await list('rep', {}, { 'x-division-id': 'abc' })).statusCode).toBe(400)
  })

  it('caps the count of huge lists', async () => {
    await sql`insert into contact_search (contact_id, division_id, name, status_id, version)
      select gen_random_uuid(), 77, 'Bulk ' || g, 1, 1 from generate_series(1, ${COUNT_CAP + 5}) g`.execute(
      h.database.db,
    )
    const response = await list('exec', { pagination: { limit: 5, first: 0 } }, { 'x-division-id': '77' })
    expect(response.json()).toMatchObject({ total: COUNT_CAP, totalIsCapped: true })
    expect(response.json().rows).toHaveLength(5)
  })
})
