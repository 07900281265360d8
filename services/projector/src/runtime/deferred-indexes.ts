import { analyzeTables } from '@crm/platform'
import { sql } from 'kysely'
import { lockProjectionName } from './checkpoint-rows'
import type { AnyProjection, Executor, TableIndex, TableNames } from './projection'

/**
 * `create index` for one of a projection's indexes. With a name it is `if not exists`, so a backfill that stopped
 * half-way through building them builds only the rest; without one PostgreSQL names it (as `migrate` does, and a
 * rebuild's copy, whose indexes keep their names when the copy is renamed to the live table).
 */
export async function createIndex(trx: Executor, index: TableIndex, name?: string): Promise<void> {
  const { table, columns, where, method = 'btree' } = index
  const named = name === undefined ? sql`` : sql`if not exists ${sql.id(name)}`
  const filter = where === undefined ? sql`` : sql`where ${sql.raw(where)}`
  await sql`create index ${named} on ${sql.table(table)} using ${sql.raw(method)} (${sql.raw(columns)}) ${filter}`.execute(
    trx,
  )
}

/** The name a backfill gives a deferred index: `<table>_<key>` (a version's tables are never renamed). */
export function deferredIndexName(index: TableIndex): string {
  const name = `${index.table}_${index.key}`
  // PostgreSQL would cut a longer name short, and the index would never be found built.
  if (name.length > 63) throw new Error(`index name "${name}" is longer than PostgreSQL's 63 characters`)
  return name
}

/**
 * Builds the deferred indexes a backfilling version still lacks (decision 060), each in its own transaction under
 * the projection's DDL lock (a single connection, as the embedded PGlite has, serves other work between them), then
 * analyzes the tables so the planner knows the new indexes' expressions before the views are switched. True when
 * it built any: the caller catches up on what was appended meanwhile before it switches.
 */
export async function buildDeferredIndexes(
  db: Executor,
  projection: AnyProjection,
  tables: TableNames,
): Promise<boolean> {
  const indexes = projection.deferredIndexes?.(tables) ?? []
  if (indexes.length === 0) return false
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relkind = 'i' and c.relnamespace = current_schema()::regnamespace
      and c.relname = any(${indexes.map(deferredIndexName)}::text[])`.execute(db)
  const built = new Set(rows.map((r) => r.name))
  const missing = indexes.filter((index) => !built.has(deferredIndexName(index)))
  if (missing.length === 0) return false
  for (const index of missing) {
    await db.transaction().execute(async (trx) => {
      await lockProjectionName(trx, projection.name)
      await createIndex(trx, index, deferredIndexName(index))
    })
  }
  await analyzeTables(db, [...new Set(missing.map((index) => index.table))])
  return true
}
