import { sql, type Kysely } from 'kysely'

/**
 * Planner statistics the product keeps itself (docs/decisions/016-census-scale-lead-imports.md). PGlite runs
 * PostgreSQL in single-user mode with no autovacuum worker, and a server's autovacuum may not have reached a
 * table right after a bulk load: either way the planner would plan on empty or stale statistics.
 */

/** A table changed by more than this share of its rows (or pages) since it was last analyzed is stale. */
export const STALE_FRACTION = 0.1
/**
 * While writes go on (an import, a backfill), a table is analyzed again only once it has doubled: statistics
 * within a factor of two keep plans right, and an ANALYZE every tenth of growth took a quarter of the
 * database's time during a census import. The tenth applies again as soon as the writes pause.
 */
export const STALE_FRACTION_WHILE_WRITING = 1
/** Below these a change is noise: a few rows on a small table do not move a plan. */
const MIN_CHANGED_ROWS = 500
const MIN_GROWN_PAGES = 8

export interface TableStatistics {
  table: string
  /** Pages on disk now. */
  pages: number
  /** Pages and rows as of the last ANALYZE / VACUUM (rows -1: never analyzed). */
  analyzedPages: number
  analyzedRows: number
}

/** Size now and as last analyzed, for the tables of the current schema among `tables` that exist. */
export async function tableStatistics(db: Kysely<unknown>, tables: readonly string[]): Promise<TableStatistics[]> {
  if (tables.length === 0) return []
  const { rows } = await sql<{ table: string; pages: string; relpages: number; reltuples: number }>`
    select c.relname as table, (pg_relation_size(c.oid) / current_setting('block_size')::int)::text as pages,
           c.relpages, c.reltuples
    from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
      and c.relname = any(${[...tables]}::text[])`.execute(db)
  return rows.map((r) => ({
    table: r.table,
    pages: Number(r.pages),
    analyzedPages: Number(r.relpages),
    analyzedRows: Number(r.reltuples),
  }))
}

/**
 * Whether a table's statistics no longer describe it: never analyzed but holding rows, grown by more than a
 * tenth of its pages, or (by the caller's count) more than a tenth of its rows written since.
 */
export function isStale(stats: TableStatistics, rowsWrittenSince = 0, fraction = STALE_FRACTION): boolean {
  if (stats.analyzedRows < 0) return stats.pages > 0
  const grown = stats.pages - stats.analyzedPages
  if (grown > Math.max(MIN_GROWN_PAGES, stats.analyzedPages * fraction)) return true
  return rowsWrittenSince > Math.max(MIN_CHANGED_ROWS, stats.analyzedRows * fraction)
}

/**
 * The statistics target of the interim ANALYZEs while writes go on: a sample of 3,000 rows instead of 30,000,
 * about a thirteenth of the work on contact_search (its thirty indexes' expressions are computed for every row
 * sampled). Row counts and the commonest values stay close enough for plans; the full sample follows the pause.
 */
export const INTERIM_STATISTICS_TARGET = 10

/**
 * ANALYZE, one table at a time: each statement holds only its own table, and only briefly (a sample).
 * `statisticsTarget` samples less (or more) than the server's default, for this statement only.
 */
export async function analyzeTables(
  db: Kysely<unknown>,
  tables: readonly string[],
  statisticsTarget?: number,
): Promise<void> {
  for (const table of tables) {
    if (statisticsTarget === undefined) await sql`analyze ${sql.table(table)}`.execute(db)
    else
      await db.transaction().execute(async (trx) => {
        await sql`select set_config('default_statistics_target', ${String(statisticsTarget)}, true)`.execute(trx)
        await sql`analyze ${sql.table(table)}`.execute(trx)
      })
  }
}

/**
 * VACUUM (ANALYZE), one table at a time and outside a transaction (a VACUUM cannot run inside one): what
 * autovacuum does on a server, run by the product on PGlite, which has none. It also keeps index-only scans
 * index-only (the visibility map) and makes the space of dead rows reusable.
 */
export async function vacuumAnalyzeTables(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  for (const table of tables) await sql`vacuum (analyze) ${sql.table(table)}`.execute(db)
}

/**
 * Merges the pending lists of the tables' GIN indexes into the indexes. With fastupdate (the default) a GIN index
 * takes new entries into an unsorted list of up to gin_pending_list_limit (4 MB), which every search reads whole;
 * only VACUUM, an autovacuum worker's ANALYZE or an insert that fills it merges them, so right after a bulk load
 * the trigram searches read those lists until autovacuum comes by. Answers the pending pages merged.
 */
export async function cleanGinPendingLists(db: Kysely<unknown>, tables: readonly string[]): Promise<number> {
  if (tables.length === 0) return 0
  const { rows } = await sql<{ pages: string | null }>`
    select sum(gin_clean_pending_list(i.indexrelid))::text as pages
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    join pg_class x on x.oid = i.indexrelid
    join pg_am am on am.oid = x.relam
    where am.amname = 'gin' and t.relnamespace = current_schema()::regnamespace
      and t.relname = any(${[...tables]}::text[])`.execute(db)
  return Number(rows[0]?.pages ?? 0)
}

/** Analyzes those of `tables` that are stale (with `statisticsTarget`, if given); answers which ones it analyzed. */
export async function analyzeStaleTables(
  db: Kysely<unknown>,
  tables: readonly string[],
  rowsWrittenSince: ReadonlyMap<string, number> = new Map(),
  fraction = STALE_FRACTION,
  statisticsTarget?: number,
): Promise<string[]> {
  const stale = (await tableStatistics(db, tables))
    .filter((s) => isStale(s, rowsWrittenSince.get(s.table) ?? 0, fraction))
    .map((s) => s.table)
  await analyzeTables(db, stale, statisticsTarget)
  return stale
}

/** Every ordinary table of the current schema: the scheduled PGlite VACUUM (ANALYZE) covers them all. */
export async function schemaTables(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ table: string }>`
    select relname as table from pg_class
    where relnamespace = current_schema()::regnamespace and relkind = 'r' order by relname`.execute(db)
  return rows.map((r) => r.table)
}
