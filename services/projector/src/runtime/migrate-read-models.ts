import { migrateCheckpoints, type Database } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { ensureProjectionVersion } from './checkpoint-rows'
import type { AnyProjection } from './projection'

/**
 * Creates the checkpoint table and, for every projection version not seen before, its fresh tables and
 * checkpoint row (backfilling). Safe to run from several processes and again at every start. The views the
 * query side reads appear when each version has caught up (startProjector switches them).
 */
export async function migrateReadModels(database: Database, projections: readonly AnyProjection[]): Promise<void> {
  await migrateCheckpoints(database.db)
  await enableTrigrams(database.db)
  for (const projection of projections) await ensureProjectionVersion(database.db, projection)
}

/**
 * pg_trgm, for the trigram indexes of contact_search. An extension is one per database: it goes to `public`
 * (indexes name its operator class `public.gin_trgm_ops`) so that a schema dropped with cascade, as tests
 * do with theirs, cannot take it along, and under a lock because two processes (or parallel test files)
 * creating it at once would otherwise fail on a unique violation in the catalogue.
 */
async function enableTrigrams(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('crm_pg_trgm'))`.execute(trx)
    await sql`create extension if not exists pg_trgm with schema public`.execute(trx)
  })
}
