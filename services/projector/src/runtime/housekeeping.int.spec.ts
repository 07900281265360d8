import { INTERIM_STATISTICS_TARGET, createLogger, type Database } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHousekeeping } from './housekeeping'

const logger = createLogger('housekeeping-test', 'silent')

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe.each(databaseTargets())('projector housekeeping ($name)', (target) => {
  let database: Database
  beforeAll(async () => {
    database = await target.create()
    await sql`create table leads_v1 (id int primary key, name text not null)`.execute(database.db)
  })
  afterAll(() => database?.close())

  const analyzedRows = async () => {
    const { rows } = await sql<{ n: number }>`select reltuples as n from pg_class
      where relname = 'leads_v1' and relnamespace = current_schema()::regnamespace`.execute(database.db)
    return Number(rows[0]!.n)
  }

  /** The statistics target the last ANALYZE used shows in the histogram of a unique id: one bound more than it. */
  const histogramBounds = async (table: string) => {
    const { rows } = await sql<{ n: number }>`select array_length(histogram_bounds::text::int[], 1) as n
      from pg_stats where tablename = ${table} and attname = 'id' and schemaname = current_schema()`.execute(
      database.db,
    )
    return Number(rows[0]?.n ?? 0)
  }

  it('analyzes a table a batch changed by more than a tenth, and on PGlite vacuums it once writes pause', async () => {
    const housekeeping = startHousekeeping({ database, logger, checkEveryMs: 20, quietAfterBulkMs: 100 })
    try {
      await sql`insert into leads_v1 select g, 'lead ' || g from generate_series(1, 5000) g`.execute(database.db)
      housekeeping.wrote({ leads: 'leads_v1' }, 5000)
      // Analyzed at once (from a sample if the writes were taken as going on), in full once they paused.
      await until(async () => (await analyzedRows()) === 5000 && (await histogramBounds('leads_v1')) === 101)
      if (target.name === 'pglite') {
        await until(async () => {
          const { rows } = await sql<{ at: Date | null }>`select last_vacuum as at from pg_stat_user_tables
            where relname = 'leads_v1' and schemaname = current_schema()`.execute(database.db)
          return rows[0]?.at != null
        })
      }
      await sql`insert into leads_v1 select g, 'lead ' || g from generate_series(5001, 5200) g`.execute(database.db)
      housekeeping.wrote({ leads: 'leads_v1' }, 200)
      await new Promise((r) => setTimeout(r, 200))
      expect(await analyzedRows()).toBe(5000) // 4 % more: not worth a new ANALYZE
    } finally {
      await housekeeping.stop()
    }
  })

  it("merges the written tables' GIN pending entries once writes pause, and leaves other tables' alone", async () => {
    for (const table of ['tagged_v1', 'untold_v1']) {
      await sql`create table ${sql.table(table)} (id int primary key, tags text[] not null)`.execute(database.db)
      await sql`create index ${sql.id(`${table}_tags`)} on ${sql.table(table)} using gin (tags)`.execute(database.db)
      // New entries of a GIN index (fastupdate, the default) wait in its pending list.
      await sql`insert into ${sql.table(table)}
        select g, array['t' || g % 97, 'u' || g % 89, 'v' || g] from generate_series(1, 3000) g`.execute(database.db)
    }
    const housekeeping = startHousekeeping({ database, logger, checkEveryMs: 20, quietAfterBulkMs: 60_000 })
    try {
      housekeeping.wrote({ tagged: 'tagged_v1' }, 3000)
      await until(async () => {
        const { rows } = await sql<{ n: number }>`select reltuples as n from pg_class
          where relname = 'tagged_v1' and relnamespace = current_schema()::regnamespace`.execute(database.db)
        return Number(rows[0]!.n) === 3000
      })
      await new Promise((r) => setTimeout(r, 300)) // a dozen checks with the writes paused
    } finally {
      await housekeeping.stop()
    }
    const pending = async (index: string) =>
      Number(
        (
          await sql<{ pages: string }>`select gin_clean_pending_list(${index}::regclass)::text as pages`.execute(
            database.db,
          )
        ).rows[0]!.pages,
      )
    expect(await pending('tagged_v1_tags')).toBe(0)
    expect(await pending('untold_v1_tags')).toBeGreaterThan(0)
  })

  it('while writes go on, analyzes a table again only once it has doubled, from a small sample; in full once they pause', async () => {
    // The server's autovacuum kept out: its VACUUM of an insert-only table sets reltuples with no histogram, which
    // this test would take for the housekeeping's analysis.
    await sql`create table trucks_v1 (id int primary key) with (autovacuum_enabled = false)`.execute(database.db)
    const trucksAnalyzed = async () => {
      const { rows } = await sql<{ n: number }>`select reltuples as n from pg_class
        where relname = 'trucks_v1' and relnamespace = current_schema()::regnamespace`.execute(database.db)
      return Number(rows[0]!.n)
    }
    // Writes count as going on while the last came within a check's interval: 200 ms, so that a timer late by
    // less than that on a loaded machine is not taken for a pause of the writer below.
    const housekeeping = startHousekeeping({ database, logger, checkEveryMs: 200, quietAfterBulkMs: 60_000 })
    let writing = true
    // An import: a batch every 10 ms for as long as it goes on.
    const writer = (async () => {
      while (writing) {
        housekeeping.wrote({ trucks: 'trucks_v1' }, 1)
        await new Promise((r) => setTimeout(r, 10))
      }
    })()
    try {
      await sql`insert into trucks_v1 select g from generate_series(1, 4000) g`.execute(database.db)
      housekeeping.wrote({ trucks: 'trucks_v1' }, 4000)
      await until(async () => (await trucksAnalyzed()) === 4000) // never analyzed: at once
      expect(await histogramBounds('trucks_v1')).toBe(INTERIM_STATISTICS_TARGET + 1)
      await sql`insert into trucks_v1 select g from generate_series(4001, 6000) g`.execute(database.db)
      housekeeping.wrote({ trucks: 'trucks_v1' }, 2000)
      await new Promise((r) => setTimeout(r, 1_000)) // five checks
      expect(await trucksAnalyzed()).toBe(4000) // half again while the writes go on: not yet
      writing = false
      await writer
      await until(async () => (await trucksAnalyzed()) === 6000) // the writes paused
      expect(await histogramBounds('trucks_v1')).toBe(101) // the default target, 100
    } finally {
      writing = false
      await housekeeping.stop()
    }
  })

  it('settles at once when told: full statistics, merged GIN entries and on PGlite a VACUUM, with no pause waited for', async () => {
    await sql`create table settled_v1 (id int primary key, tags text[] not null)`.execute(database.db)
    await sql`create index settled_v1_tags on settled_v1 using gin (tags)`.execute(database.db)
    // Checks far apart: whatever happens below is the settle's doing.
    const housekeeping = startHousekeeping({ database, logger, checkEveryMs: 60_000, quietAfterBulkMs: 60_000 })
    try {
      await sql`insert into settled_v1 select g, array['t' || g % 97, 'v' || g] from generate_series(1, 3000) g`.execute(
        database.db,
      )
      housekeeping.wrote({ settled: 'settled_v1' }, 3000)
      await housekeeping.settle()
      const { rows } = await sql<{ n: number }>`select reltuples as n from pg_class
        where relname = 'settled_v1' and relnamespace = current_schema()::regnamespace`.execute(database.db)
      expect(Number(rows[0]!.n)).toBe(3000)
      expect(await histogramBounds('settled_v1')).toBe(101)
      const { rows: pending } = await sql<{ pages: string }>`
        select gin_clean_pending_list('settled_v1_tags'::regclass)::text as pages`.execute(database.db)
      expect(Number(pending[0]!.pages)).toBe(0)
      if (target.name === 'pglite') {
        const { rows: vacuumed } = await sql<{ at: Date | null }>`select last_vacuum as at from pg_stat_user_tables
          where relname = 'settled_v1' and schemaname = current_schema()`.execute(database.db)
        expect(vacuumed[0]?.at).not.toBeNull()
      }
    } finally {
      await housekeeping.stop()
    }
  })
})
