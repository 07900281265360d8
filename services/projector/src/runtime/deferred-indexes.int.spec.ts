import {
  createLogger,
  createPostgresEventStore,
  migrateCheckpoints,
  type Database,
  type EventStore,
} from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { allProjections } from '../all-projections'
import { contactSearchProjection } from '../read-models/contact-search/contact-search.projection'
import { waitForCaughtUp } from '../testing/db-helpers'
import { contactCreated } from '../testing/test-events'
import { ensureProjectionVersion } from './checkpoint-rows'
import { buildDeferredIndexes, createIndex, deferredIndexName } from './deferred-indexes'
import { versionedTables, type Executor } from './projection'
import { rebuildProjection } from './rebuild'
import { startProjector, type Projector } from './start-projector'

const logger = createLogger('deferred-indexes-test', 'silent')
const projection = contactSearchProjection
const tables = versionedTables(projection)
const table = tables.contact_search!
const deferred = projection.deferredIndexes!(tables)
/** Where a test lets `migrate` build every index at once, to compare with. */
const copy = {
  contact_search: 'cs_copy',
  contact_search_words: 'cs_copy_words',
  contact_search_vocabulary: 'cs_copy_vocabulary',
}

/** A table's indexes as definitions without their own or their table's name, so two copies can be compared. */
async function indexDefinitions(db: Executor, name: string): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    select regexp_replace(indexdef, '^CREATE (UNIQUE )?INDEX \\S+ ON \\S+ ', 'CREATE \\1INDEX ON t ') as def
    from pg_indexes where schemaname = current_schema() and tablename = ${name}
    order by 1`.execute(db)
  return rows.map((r) => r.def)
}

for (const target of databaseTargets()) {
  describe(`indexes built after a backfill (${target.name})`, () => {
    let database: Database
    let store: EventStore
    let projector: Projector | undefined

    beforeEach(async () => {
      database = await target.create()
      store = await createPostgresEventStore(database, { pollIntervalMs: 50 })
      await migrateCheckpoints(database.db)
    })
    afterEach(async () => {
      await projector?.stop()
      projector = undefined
      await database.close()
    })

    it('backfills contact_search with its key alone, then serves it with every index a migrated copy has', async () => {
      for (let i = 0; i < 5; i++) {
        const event = contactCreated({ name: `Carrier ${i}` })
        await store.appendToStream(`contact-${event.data.contactId}`, [event], { expectedVersion: 'no_stream' })
      }
      await ensureProjectionVersion(database.db, projection)
      expect(await indexDefinitions(database.db, table)).toHaveLength(1)

      projector = await startProjector({ database, store, projections: [projection], logger, pollIntervalMs: 50 })
      expect(await projector.waitUntilActive(20_000)).toBe(true)
      await waitForCaughtUp(database.db, store, [projection.name])
      const { rows } = await sql<{ n: string }>`select count(*)::text as n from contact_search`.execute(database.db)
      expect(rows[0]!.n).toBe('5')

      // What migrate makes in one go, on a copy of its own.
      await database.db.transaction().execute((trx) => projection.migrate(trx, copy))
      const migrated = await indexDefinitions(database.db, 'cs_copy')
      expect(migrated).toHaveLength(deferred.length + 1)
      expect(await indexDefinitions(database.db, table)).toEqual(migrated)
    })

    it('builds only the indexes a stopped backfill had not built yet, and nothing the second time', async () => {
      await ensureProjectionVersion(database.db, projection)
      await sql`insert into ${sql.table(table)} (contact_id, division_id, name, status_id, version)
        select gen_random_uuid(), 1, 'Carrier ' || i, 1, 1 from generate_series(1, 20) i`.execute(database.db)
      for (const index of deferred.slice(0, 3)) await createIndex(database.db, index, deferredIndexName(index))

      expect(await buildDeferredIndexes(database.db, projection, tables)).toBe(true)
      const names = (await indexDefinitions(database.db, table)).length
      expect(names).toBe(deferred.length + 1)
      expect(await buildDeferredIndexes(database.db, projection, tables)).toBe(false)
      expect(await indexDefinitions(database.db, table)).toHaveLength(deferred.length + 1)
      // Analyzed after: the planner knows the indexes' expressions (the lowered DBA, the phone's digits...).
      const { rows } = await sql<{ n: string }>`
        select count(*)::text as n from pg_stats
        where schemaname = current_schema() and tablename = ${deferredIndexName(deferred.find((i) => i.key === 'phone_trgm')!)}`.execute(
        database.db,
      )
      expect(Number(rows[0]!.n)).toBeGreaterThan(0)
    })

    it('rebuilds a served version into a copy that gets the same indexes before it takes the live place', async () => {
      const event = contactCreated({ name: 'Carrier Rebuilt' })
      await store.appendToStream(`contact-${event.data.contactId}`, [event], { expectedVersion: 'no_stream' })
      await database.db.transaction().execute((trx) => projection.migrate(trx, copy))
      const migrated = await indexDefinitions(database.db, 'cs_copy')
      await rebuildProjection(database, store, projection, { batchSize: 100 })
      expect(await indexDefinitions(database.db, table)).toEqual(migrated)
    })

    it('ends every projection that defers indexes with exactly the indexes migrate makes at once', async () => {
      const deferring = allProjections.filter((p) => (p.deferredIndexes?.(versionedTables(p)) ?? []).length > 0)
      expect(deferring.map((p) => p.name)).toEqual(expect.arrayContaining(['contact_search', 'stream_history']))
      for (const p of deferring) {
        const live = versionedTables(p)
        await ensureProjectionVersion(database.db, p)
        expect(await buildDeferredIndexes(database.db, p, live)).toBe(true)
        const copies = Object.fromEntries(Object.keys(live).map((name, i) => [name, `copy_${i}`]))
        await database.db.transaction().execute((trx) => p.migrate(trx, copies))
        for (const name of Object.keys(live))
          expect(await indexDefinitions(database.db, live[name]!), `${p.name}: ${name}`).toEqual(
            await indexDefinitions(database.db, copies[name]!),
          )
        for (const copyTable of Object.values(copies))
          await sql`drop table ${sql.table(copyTable)} cascade`.execute(database.db)
      }
    })

    it('refuses a name PostgreSQL would cut short', () => {
      const index = { ...deferred[0]!, key: 'x'.repeat(60) }
      expect(() => deferredIndexName(index)).toThrow(/longer than PostgreSQL's 63 characters/)
    })
  })
}
