import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rep, seedContactsScenario, type ContactIds } from '../testing/contacts-scenario'

import { createTestQueryApp } from '../testing/test-app'
import { COUNT_CAP } from '../common/list-sql'

describe.each(databaseTargets())('GET /api/v1/contacts on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestQueryApp>>
  let tokens: Awaited<ReturnType<typeof seedContactsScenario>>['tokens']
  let ids: ContactIds

  beforeAll(async () => {
    t = await createTestQueryApp(target)
    ;({ tokens, ids } = await seedContactsScenario(t))
  })
  afterAll(() => t.close())

  const list = (who: keyof typeof tokens, options: object = {}, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/contacts',
      query: { options: JSON.stringify(options) },
      headers: { authorization: `Bearer ${tokens[who]}`, ...headers },
    })
  const names = (response: { json(): { rows: { name: string }[] } }) => response.json().rows.map((r) => r.name)

  it('shows a rep their own and unassigned contacts of their division, name descending by default', async () => {
    const response = await list('rep', { pagination: { limit: 10, first: 0 } })
    expect(response.statusCode).toBe(200)
    expect(names(response)).toEqual(['Epsilon Both', 'beta 100% Haulers_', 'Alpha Freight'])
    expect(response.json()).toMatchObject({ total: 3, totalIsCapped: false })
    const alpha = response.json().rows.find((r: { id: string }) => r.id === ids.mine)
    expect(alpha).toMatchObject({
      state: 'TX',
      dotNumber: '1000001',
      numberOfTrucks: 12,
      divisionId: 15,
      statusId: 1,
      assigned: rep.userId,
      assignedName: 'Rita Rep',
      createdAt: '2025-01-02T03:04:05.000Z',
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

  it('filters by name (contains, any case, wildcards literal), status, state, DOT and MC', async () => {
    const filtered = async (filter: object) =>
      names(await list('manager', { filter, sort: { field: 'name', direction: 'asc' } }))
    expect(await filtered({ name: 'ALPHA' })).toEqual(['Alpha Freight'])
    expect(await filtered({ name: '100%' })).toEqual(['beta 100% Haulers_'])
    expect(await filtered({ name: '_' })).toEqual(['beta 100% Haulers_'])
    expect(await filtered({ statusId: 3 })).toEqual(['Gamma Logistics'])
    expect(await filtered({ statusId: '2' })).toEqual(['beta 100% Haulers_'])
    expect(await filtered({ state: 'CA' })).toEqual(['beta 100% Haulers_'])
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
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/contacts?options=%7Bnope',
      headers: { authorization: `Bearer ${tokens.rep}` },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.options).toBe('options must be JSON')
  })

  it('lets executives switch division with x-division-id, and nobody else', async () => {
    expect(names(await list('executive', {}, { 'x-division-id': '2' }))).toEqual(['Epsilon Both', 'Delta Elsewhere'])
    expect((await list('rep', {}, { 'x-division-id': '2' })).statusCode).toBe(403)
    expect((await list('rep', {}, { 'x-division-id': '15' })).statusCode).toBe(200)
    expect((await list('rep', {}, { 'x-division-id': 'abc' })).statusCode).toBe(400)
  })

  it('caps the count of huge lists', async () => {
    await sql`
      with c as (
        insert into contacts_list (id, name, version, created_at)
        select gen_random_uuid(), 'Bulk ' || g, 1, now() from generate_series(1, ${COUNT_CAP + 5}) g returning id)
      insert into contact_divisions (contact_id, division_id, status_id) select id, 77, 1 from c`.execute(t.db)
    const response = await list('executive', { pagination: { limit: 5, first: 0 } }, { 'x-division-id': '77' })
    expect(response.json()).toMatchObject({ total: COUNT_CAP, totalIsCapped: true })
    expect(response.json().rows).toHaveLength(5)
  })
})
