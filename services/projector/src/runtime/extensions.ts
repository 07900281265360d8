import { sql } from 'kysely'
import type { Executor } from './projection'

/**
 * pg_trgm, for trigram indexes, and btree_gin, which lets such an index also hold plain columns (contact_search's
 * lead with the division and the owner). Created by the migration that needs them, so every way tables are made
 * (the projector's first start, rebuild, replay, tests) has them. An extension is one per database: it goes to
 * `public` (indexes name its operator class `public.gin_trgm_ops`) so that a schema dropped with cascade, as
 * tests do with theirs, cannot take it along, and under a lock because two processes (or parallel test files)
 * creating it at once would otherwise fail on a unique violation in the catalogue.
 */
export async function ensureSearchExtensions(trx: Executor): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('crm_pg_trgm'))`.execute(trx)
  await sql`create extension if not exists pg_trgm with schema public`.execute(trx)
  await sql`create extension if not exists btree_gin with schema public`.execute(trx)
}
