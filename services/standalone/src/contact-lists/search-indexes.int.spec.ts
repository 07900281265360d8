import { databaseTargets } from '@crm/platform/testing'
import { namePrefixKeysSql, pageSql, searchWhere } from '@crm/query-api'
import type { ContactFilter } from '@crm/contracts'
import { sql, type RawBuilder } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { created } from './contact-events'
import { createListHarness, divisionFloor, type ListHarness } from './list-harness'

/**
 * The "contains" searches are only fast while contact_search's trigram indexes serve them: written any other way
 * than the indexes are built, a search still answers right, only slowly (docs/decisions/040). On a test's few rows
 * the planner may rightly prefer a btree index, so each plan is asked of 20,000 analyzed rows with the btree indexes
 * (the primary key's too) dropped in a transaction that is rolled back, and sequential scans off: the plan then
 * shows which of the search's conditions the GIN indexes take.
 */
describe.each(databaseTargets())('the search conditions match the trigram indexes on $name', (target) => {
  let h: ListHarness
  beforeAll(async () => {
    h = await createListHarness(target, divisionFloor)
    await h.append(`contact-${crypto.randomUUID()}`, [created({ name: 'Bluebird Freight', assigned: null })])
    // 20,000 contacts of the division, 50 owners and nobody, straight into the read model, then statistics.
    // Their coordinates spread over the country's latitudes and longitudes, as the zip codes of a census are.
    await sql`insert into contact_search (contact_id, division_id, is_primary, name, dba, dot_number, mc_number,
        business_phone, assigned, status_id, latitude, longitude, version)
      select gen_random_uuid(), 15, true, 'Carrier ' || i, 'Hauling ' || i,
        (1000000 + i)::text, (500000 + i)::text, '(555) ' || lpad(i::text, 7, '0'),
        case when i % 5 < 3 then ('00000000-0000-4000-8000-' || lpad((i % 50)::text, 12, '0'))::uuid end, 1,
        25 + (i % 200) * 0.12, -124 + (i / 200) * 0.57, 1
      from generate_series(1, 20000) i`.execute(h.database.db)
    await sql`analyze`.execute(h.database.db)
  }, 120_000)
  afterAll(() => h?.close())

  const callerOf = (user: 'rep' | 'manager') => ({
    userId: h.ids[user]!,
    divisionId: 15,
    permissions: user === 'rep' ? ['call'] : ['call', 'manager'],
    seesWholeDivision: user !== 'rep',
    seesAllDivisions: false,
  })
  const optionsOf = (global: string | undefined, filter: ContactFilter = {}) => ({
    pagination: { limit: 5 as const, first: 0 },
    sort: { field: 'name' as const, direction: 'desc' as const },
    filter,
    tableFilter: { global },
  })
  const planOf = (user: 'rep' | 'manager', global: string) =>
    planWithout(searchWhere({ caller: callerOf(user), options: optionsOf(global) }), () => true)

  /** The plan of `statement` after `prepare` (planner settings, dropped indexes), in a rolled-back transaction. */
  const explainRolledBack = (
    statement: RawBuilder<unknown>,
    prepare: (connection: typeof h.database.db) => Promise<void>,
  ) =>
    h.database.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection)
      try {
        await prepare(connection)
        const { rows } = await sql<Record<string, string>>`explain ${statement}`.execute(connection)
        return rows.map((row) => Object.values(row)[0]).join('\n')
      } finally {
        await sql`rollback`.execute(connection)
      }
    })

  /** The plan of `select 1 <where>` with the btree indexes `dropped` says to drop. */
  const planWithout = (where: RawBuilder<unknown>, dropped: (definition: string) => boolean) =>
    explainRolledBack(sql`select 1 ${where}`, async (connection) => {
      const { rows: btrees } = await sql<{ name: string; table: string; constraint: string | null; def: string }>`
        select i.indexrelid::regclass::text as name, t.oid::regclass::text as table, c.conname as constraint,
          pg_get_indexdef(i.indexrelid) as def
        from pg_index i join pg_class t on t.oid = i.indrelid join pg_class x on x.oid = i.indexrelid
        join pg_am am on am.oid = x.relam left join pg_constraint c on c.conindid = i.indexrelid
        where t.relname like 'contact_search_v%' and t.relnamespace = current_schema()::regnamespace
          and am.amname = 'btree'`.execute(connection)
      for (const { name, table, constraint } of btrees.filter((b) => dropped(b.def))) {
        await (
          constraint
            ? sql`alter table ${sql.raw(table)} drop constraint ${sql.id(constraint)}`
            : sql`drop index ${sql.raw(name)}`
        ).execute(connection)
      }
      await sql`set local enable_seqscan = off`.execute(connection)
      // Each row read costs as much as at a million contacts, where reading a division is never cheap.
      await sql`set local cpu_tuple_cost = 1`.execute(connection)
    })
  const indexConditions = (plan: string) => plan.split('\n').filter((line) => line.includes('Index Cond'))

  it("reads a rep's search box from an index by owner: theirs, and nobody's, never the whole division", async () => {
    const conditions = indexConditions(await planOf('rep', 'bluebird fr'))
    const owners = conditions.map(
      (line) => /COALESCE\(assigned, '0{8}-0{4}-0{4}-0{4}-0{12}'::uuid\) = '([0-9a-f-]+)'/.exec(line)?.[1],
    )
    expect(new Set(owners)).toEqual(new Set([h.ids.rep, '00000000-0000-0000-0000-000000000000']))
  })

  /** The plan of a statement as at a million contacts, where reading a whole division is never cheap. */
  const walkPlan = (statement: RawBuilder<unknown>) =>
    explainRolledBack(statement, async (connection) => {
      await sql`set local enable_seqscan = off`.execute(connection)
      await sql`set local enable_bitmapscan = off`.execute(connection)
    })

  it("reads the top bar's names that start with the text from the name index alone, a rep's owners too", async () => {
    // Stepping over index entries is what a prefix of a common name costs.
    const plan = await walkPlan(namePrefixKeysSql(callerOf('rep'), 'carrier 1'))
    expect(plan).toMatch(/Index Only Scan using \S+ on contact_search/)
  })

  it('walks the name index for a page of a common text from the index alone, the text checked first', async () => {
    const request = { caller: callerOf('manager'), options: optionsOf(undefined, { name: 'carrier' }) }
    const plan = await walkPlan(pageSql(request, { fewRows: false }))
    expect(plan).toMatch(/Index Only Scan Backward using \S+ on contact_search/)
    // Every entry stepped over is ruled out by the text before its category (not a dealer) is looked at.
    expect(plan).toMatch(/Filter: \(\(name_key ~~ '%carrier%'::text\) AND/)
  })

  it("walks it for the search box's common text from the index alone too: the DOT and MC numbers are there", async () => {
    for (const user of ['manager', 'rep'] as const) {
      const plan = await walkPlan(
        pageSql({ caller: callerOf(user), options: optionsOf('carrier') }, { fewRows: false }),
      )
      expect(plan).toMatch(/Index Only Scan Backward using \S+ on contact_search/)
    }
  })

  it("reads a manager's from the division's entries of the same indexes", async () => {
    const conditions = indexConditions(await planOf('manager', 'bluebird fr'))
    expect(conditions.length).toBeGreaterThan(0)
    for (const line of conditions) expect(line).toMatch(/\(division_id = 15\)/)
  })

  it("reads a manager's distance from a zip from the division's entries in the box", async () => {
    // Every other btree index dropped: the plan shows how the distance index is searched, not whether it is chosen.
    const where = searchWhere({
      caller: callerOf('manager'),
      options: optionsOf(undefined, { zip: '75001', distance: '0-50' }),
    })
    const conditions = indexConditions(await planWithout(where, (definition) => !definition.includes('latitude')))
    expect(conditions.length).toBeGreaterThan(0)
    // A btree index is searched column by column: led by the latitude, a 50-mile box stepped over every division's
    // entries in a band across the country.
    for (const line of conditions) expect(line).toMatch(/Index Cond: \(\(division_id = 15\) AND \(latitude >=/)
  })
})
