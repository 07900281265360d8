import { databaseTargets } from '@crm/platform/testing'
import { namePrefixKeysSql, searchWhere } from '@crm/query-api'
import { sql } from 'kysely'
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
    await sql`insert into contact_search (contact_id, division_id, is_primary, name, dba, dot_number, mc_number,
        business_phone, assigned, status_id, version)
      select gen_random_uuid(), 15, true, 'Carrier ' || i, 'Hauling ' || i,
        (1000000 + i)::text, (500000 + i)::text, '(555) ' || lpad(i::text, 7, '0'),
        case when i % 5 < 3 then ('00000000-0000-4000-8000-' || lpad((i % 50)::text, 12, '0'))::uuid end, 1, 1
      from generate_series(1, 20000) i`.execute(h.database.db)
    await sql`analyze`.execute(h.database.db)
  }, 120_000)
  afterAll(() => h?.close())

  const planOf = async (user: 'rep' | 'manager', global: string) => {
    const caller = {
      userId: h.ids[user]!,
      divisionId: 15,
      permissions: user === 'rep' ? ['call'] : ['call', 'manager'],
      seesWholeDivision: user !== 'rep',
      seesAllDivisions: false,
    }
    const options = {
      pagination: { limit: 5 as const, first: 0 },
      sort: { field: 'name' as const, direction: 'desc' as const },
      filter: {},
      tableFilter: { global },
    }
    return h.database.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection)
      try {
        const { rows: btrees } = await sql<{ name: string; table: string; constraint: string | null }>`
          select i.indexrelid::regclass::text as name, t.oid::regclass::text as table, c.conname as constraint
          from pg_index i join pg_class t on t.oid = i.indrelid join pg_class x on x.oid = i.indexrelid
          join pg_am am on am.oid = x.relam left join pg_constraint c on c.conindid = i.indexrelid
          where t.relname like 'contact_search_v%' and t.relnamespace = current_schema()::regnamespace
            and am.amname = 'btree'`.execute(connection)
        for (const { name, table, constraint } of btrees) {
          await (
            constraint
              ? sql`alter table ${sql.raw(table)} drop constraint ${sql.id(constraint)}`
              : sql`drop index ${sql.raw(name)}`
          ).execute(connection)
        }
        await sql`set local enable_seqscan = off`.execute(connection)
        // Each row read costs as much as at a million contacts, where reading a division is never cheap.
        await sql`set local cpu_tuple_cost = 1`.execute(connection)
        const { rows } = await sql<
          Record<string, string>
        >`explain select 1 ${searchWhere({ caller, options })}`.execute(connection)
        return rows.map((row) => Object.values(row)[0]).join('\n')
      } finally {
        await sql`rollback`.execute(connection)
      }
    })
  }
  const indexConditions = (plan: string) => plan.split('\n').filter((line) => line.includes('Index Cond'))

  it("reads a rep's search box from an index by owner: theirs, and nobody's, never the whole division", async () => {
    const conditions = indexConditions(await planOf('rep', 'bluebird fr'))
    const owners = conditions.map(
      (line) => /COALESCE\(assigned, '0{8}-0{4}-0{4}-0{4}-0{12}'::uuid\) = '([0-9a-f-]+)'/.exec(line)?.[1],
    )
    expect(new Set(owners)).toEqual(new Set([h.ids.rep, '00000000-0000-0000-0000-000000000000']))
  })

  it("reads the top bar's names that start with the text from the name index alone, a rep's owners too", async () => {
    const caller = {
      userId: h.ids.rep!,
      divisionId: 15,
      permissions: ['call'],
      seesWholeDivision: false,
      seesAllDivisions: false,
    }
    const plan = await h.database.db.connection().execute(async (connection) => {
      await sql`begin`.execute(connection)
      try {
        // As at a million contacts, where stepping over index entries is what a prefix of a common name costs.
        await sql`set local enable_seqscan = off`.execute(connection)
        await sql`set local enable_bitmapscan = off`.execute(connection)
        const { rows } = await sql<Record<string, string>>`explain ${namePrefixKeysSql(caller, 'carrier 1')}`.execute(
          connection,
        )
        return rows.map((row) => Object.values(row)[0]).join('\n')
      } finally {
        await sql`rollback`.execute(connection)
      }
    })
    expect(plan).toMatch(/Index Only Scan using \S+ on contact_search/)
  })

  it("reads a manager's from the division's entries of the same indexes", async () => {
    const conditions = indexConditions(await planOf('manager', 'bluebird fr'))
    expect(conditions.length).toBeGreaterThan(0)
    for (const line of conditions) expect(line).toMatch(/\(division_id = 15\)/)
  })
})
