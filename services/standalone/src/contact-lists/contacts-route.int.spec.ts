import type { ContactSearchRow, Paged } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  EXACT_COUNT_MARGIN,
  TEXT_SEARCH_EXACT_COUNT,
  UNCOUNTED_ESTIMATE_FACTOR,
  exactCount,
  withBitmapScansOnly,
} from '@crm/query-api'
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
  /** contact_search is a view over its versioned table: the statistics belong to the table. */
  const analyzeContactSearch = async () => {
    const { rows: tables } = await sql<{ name: string }>`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name like 'contact\\_search%'`.execute(
      h.database.db,
    )
    for (const { name } of tables) await sql`analyze ${sql.table(name)}`.execute(h.database.db)
  }

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

  it('filters by name, DOT and MC (contains, any case, wildcards literal), status, state and the search box', async () => {
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
    // "Contains" (docs/product.md 9), not "starts with": a DOT filter finds the digits anywhere, MC in any case.
    expect(await filtered({ dotNumber: '00003' })).toEqual(['Gamma Logistics'])
    expect(await filtered({ mcNumber: 'c50' })).toEqual(['Alpha Freight'])
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

  const count = (who: string, path: string, options: object = {}, headers: Record<string, string> = {}) =>
    h.app.inject({
      method: 'GET',
      url: path,
      query: { options: JSON.stringify(options) },
      headers: { authorization: `Bearer ${h.tokens[who]}`, ...headers },
    })

  it('counts exactly on demand what the caller may see, with the same filters', async () => {
    const all = await count('rep', '/api/v1/contacts/count')
    expect(all.statusCode, all.body).toBe(200)
    expect(all.json()).toEqual({ total: 3, timedOut: false })
    expect((await count('manager', '/api/v1/contacts/count')).json()).toEqual({ total: 4, timedOut: false })
    expect((await count('manager', '/api/v1/contacts/count', { filter: { statusId: 3 } })).json().total).toBe(1)
    // The rep may not see Gamma Logistics (another rep's): not on their lists, not in their counts.
    const gamma = { filter: { name: 'Gamma' } }
    expect((await count('rep', '/api/v1/contact-lists/contacts/count', gamma)).json().total).toBe(0)
    expect((await count('manager', '/api/v1/contact-lists/contacts/count', gamma)).json().total).toBe(1)
    expect((await count('rep', '/api/v1/advanced-search/count', gamma)).json().total).toBe(0)
    expect((await count('exec', '/api/v1/advanced-search/count', gamma)).json().total).toBe(1)
    expect((await count('rep', '/api/v1/contacts/count', {}, { 'x-division-id': '2' })).statusCode).toBe(403)
    expect((await count('rep', '/api/v1/contacts/count', { filter: { ssn: '1' } })).statusCode).toBe(400)
  })

  it('estimates the total of a long list, exact near its end, and counts it exactly on demand', async () => {
    const rows = EXACT_COUNT_MARGIN * 5
    await sql`insert into contact_search (contact_id, division_id, name, status_id, version)
      select gen_random_uuid(), 77, 'Bulk ' || g, 1, 1 from generate_series(1, ${rows}) g`.execute(h.database.db)
    await analyzeContactSearch()
    const in77 = { 'x-division-id': '77' }
    const first = await list('exec', { pagination: { limit: 5, first: 0 } }, in77)
    expect(first.json()).toMatchObject({ totalIsEstimate: true, totalIsCapped: true })
    expect(first.json().rows).toHaveLength(5)
    // The planner's estimate, from the table's statistics: near, not exact.
    expect(first.json().total).toBeGreaterThan(rows * 0.8)
    expect(first.json().total).toBeLessThan(rows * 1.2)
    const last = await list('exec', { pagination: { limit: 5, first: rows - 5 } }, in77)
    expect(last.json()).toMatchObject({ total: rows, totalIsEstimate: false, totalIsCapped: false })
    expect((await count('exec', '/api/v1/contacts/count', {}, in77)).json()).toEqual({ total: rows, timedOut: false })
  })

  it('counts a search by text exactly up to its own limit, through the trigram indexes, and pages it in order', async () => {
    const rows = EXACT_COUNT_MARGIN * 5
    // Every third name holds the text: more matches than a page and its margin, fewer than TEXT_SEARCH_EXACT_COUNT.
    await sql`insert into contact_search (contact_id, division_id, name, status_id, version)
      select gen_random_uuid(), 78, case when g % 3 = 0 then 'Bulk Needle ' else 'Bulk Hay ' end || g, 1, 1
      from generate_series(1, ${rows}) g`.execute(h.database.db)
    const in78 = { 'x-division-id': '78' }
    const needles = Math.floor(rows / 3)
    expect(needles).toBeGreaterThan(5 + EXACT_COUNT_MARGIN)
    expect(needles).toBeLessThan(TEXT_SEARCH_EXACT_COUNT)
    const byName = { pagination: { limit: 5, first: 0 }, sort: { field: 'name', direction: 'asc' } }
    const page = await list('exec', { ...byName, filter: { name: 'needle' } }, in78)
    expect(page.json()).toMatchObject({ total: needles, totalIsEstimate: false, totalIsCapped: false })
    const expected = Array.from({ length: needles }, (_, i) => `Bulk Needle ${(i + 1) * 3}`).sort()
    expect(page.json().rows.map((r: { name: string }) => r.name)).toEqual(expected.slice(0, 5))
    const box = await list('exec', { ...byName, tableFilter: { global: 'needle' } }, in78)
    expect(box.json()).toMatchObject({ total: needles, totalIsEstimate: false })
    // The matches are counted and paged in one statement: any page among them, and past them.
    const deeper = await list(
      'exec',
      { ...byName, pagination: { limit: 5, first: 100 }, filter: { name: 'needle' } },
      in78,
    )
    expect(deeper.json()).toMatchObject({ total: needles, totalIsEstimate: false })
    expect(names(deeper)).toEqual(expected.slice(100, 105))
    const past = await list(
      'exec',
      { ...byName, pagination: { limit: 5, first: needles + 5 }, filter: { name: 'needle' } },
      in78,
    )
    expect(past.statusCode, past.body).toBe(200)
    expect(past.json()).toMatchObject({ rows: [], total: needles, totalIsEstimate: false })
    const none = await list('exec', { ...byName, filter: { name: 'no such needle' } }, in78)
    expect(none.json()).toMatchObject({ rows: [], total: 0, totalIsEstimate: false })

    // The count's plan reads the trigram index as a bitmap whatever the planner guesses of the text's rarity.
    const plan = await withBitmapScansOnly(h.database.db, async (trx) => {
      const { rows: lines } = await sql<{ 'QUERY PLAN': string }>`explain select count(*) from (select 1
        from contact_search s where not s.deleted and s.division_id = 78 and s.name_key like '%needle%'
        limit 2001) counted`.execute(trx)
      return lines.map((line) => line['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('Bitmap Index Scan')
    expect(plan).not.toContain('Seq Scan')
  })

  it('takes a text the statistics call common at their word, exact once its last page is drawn', async () => {
    // "pin" is in 30,000 names of division 79, and in 12 of division 80's 30,012: the planner, which multiplies the
    // division's share by the text's, expects thousands in division 80 (decision 041).
    await sql`insert into contact_search (contact_id, division_id, name, status_id, version)
      select gen_random_uuid(), case when g <= 30000 then 79 else 80 end,
        case when g <= 30000 then 'Stack Pin ' || g when g <= 30012 then 'Stack Pin Lines ' || g else 'Stack Hay ' || g end,
        1, 1
      from generate_series(1, 60012) g`.execute(h.database.db)
    await analyzeContactSearch()
    const in80 = { 'x-division-id': '80' }
    const search = (first: number) =>
      list('exec', { pagination: { limit: 10, first }, tableFilter: { global: 'PIN' } }, in80)
    const page = await search(0)
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json()).toMatchObject({ totalIsEstimate: true, totalIsCapped: true })
    expect(page.json().total).toBeGreaterThanOrEqual(TEXT_SEARCH_EXACT_COUNT * UNCOUNTED_ESTIMATE_FACTOR)
    expect(names(page)).toEqual(
      Array.from({ length: 12 }, (_, i) => `Stack Pin Lines ${30001 + i}`)
        .sort()
        .reverse()
        .slice(0, 10),
    )
    // The page shorter than asked for is the end of the list: the total is exact there, and on demand.
    expect((await search(10)).json()).toMatchObject({ total: 12, totalIsEstimate: false, totalIsCapped: false })
    const counted = await count('exec', '/api/v1/contacts/count', { tableFilter: { global: 'PIN' } }, in80)
    expect(counted.json()).toEqual({ total: 12, timedOut: false })
  }, 120_000)

  it.skipIf(target.name === 'pglite')(
    'gives up counting after the timeout and says so',
    async () => {
      // PGlite runs statements to the end whatever statement_timeout says; real PostgreSQL cancels them.
      const slow = sql`from (select pg_sleep(5)) slow`
      expect(await exactCount(h.database.db, slow)).toEqual({ total: null, timedOut: true })
    },
    10_000,
  )
})
