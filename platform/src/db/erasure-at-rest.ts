import { sql } from 'kysely'
import type { Logger } from '../logger'
import type { Database } from './database'

/**
 * Erasure complete at rest (docs/decisions/047-personal-data-at-rest.md). After an erasure the read models hold "erased",
 * but PostgreSQL keeps what they held before: the old row versions in the tables' pages until a VACUUM, index
 * entries in the free space of pages a plain VACUUM compacts, and the whole history in the write-ahead log until
 * a checkpoint lets its segments go. On the embedded database the product owns all of that, so it rewrites the
 * tables the erasure changed (VACUUM FULL: new files holding live rows only, the old ones removed), analyzes them
 * again and rewrites the statistics catalogs (ANALYZE's samples of values), and then moves
 * the WAL on (CHECKPOINT, pg_switch_wal, CHECKPOINT, twice) so that every segment written before is removed
 * (PGlite runs with wal_recycle off: a segment is deleted, not renamed for reuse with its old bytes in it).
 *
 * On a PostgreSQL server the product does not own, the same is done as far as it is allowed, without blocking
 * readers: a plain VACUUM (a VACUUM FULL would lock each table for its whole rewrite), CHECKPOINT and a WAL switch
 * when the role may; a refusal is logged, never an error. The server's WAL archive, replicas and base backups are
 * the operator's (docs/analysts.md, "Erasure at rest").
 */
export async function eraseAtRest(
  database: Database,
  tables: readonly string[],
  logger: Logger,
): Promise<{ rewritten: string[] }> {
  const db = database.db
  const present = await existingTables(database, tables)
  const embedded = database.kind === 'pglite'
  const bestEffort = async (what: string, statement: () => Promise<unknown>) => {
    try {
      await statement()
    } catch (error) {
      if (embedded) throw error
      logger.warn(
        { err: error, statement: what },
        'erasure at rest: the server refused a step; old values may stay in its files until it reuses them',
      )
    }
  }
  for (const table of present) {
    if (embedded) await sql`vacuum full ${sql.table(table)}`.execute(db)
    else await bestEffort(`vacuum ${table}`, () => sql`vacuum ${sql.table(table)}`.execute(db))
  }
  // ANALYZE keeps samples of the values (most common ones, histogram bounds) in pg_statistic, and of the expression
  // statistics in pg_statistic_ext_data: on small tables that is every name and phone. Analyzed again, the tables'
  // statistics hold live values only; the catalogs are then rewritten too, so their old row versions go as well.
  for (const table of present) {
    await bestEffort(`analyze ${table}`, () => sql`analyze ${sql.table(table)}`.execute(db))
  }
  for (const catalog of STATISTICS_CATALOGS) {
    const name = sql.table(`pg_catalog.${catalog}`)
    if (embedded) await sql`vacuum full ${name}`.execute(db)
    else await bestEffort(`vacuum ${catalog}`, () => sql`vacuum ${name}`.execute(db))
  }
  // Two rounds: the first checkpoint's own record sits in the segment the switch closes; the second lets it go.
  for (let round = 0; round < 2; round++) {
    await bestEffort('checkpoint', () => sql`checkpoint`.execute(db))
    await bestEffort('pg_switch_wal()', () => sql`select pg_switch_wal()`.execute(db))
  }
  await bestEffort('checkpoint', () => sql`checkpoint`.execute(db))
  return { rewritten: present }
}

/** Where ANALYZE keeps its samples of column and expression values. */
const STATISTICS_CATALOGS = ['pg_statistic', 'pg_statistic_ext_data']

/**
 * The ordinary tables of the current schema among `bases`, and their projection versions and rebuild copies
 * (`<base>_v<n>`, `<base>_v<n>_rebuild`).
 */
async function existingTables(database: Database, bases: readonly string[]): Promise<string[]> {
  if (bases.length === 0) return []
  const { rows } = await sql<{ table: string }>`
    select relname as table from pg_class
    where relnamespace = current_schema()::regnamespace and relkind = 'r'
      and (relname = any(${[...bases]}::text[])
        or substring(relname from '^(.*)_v[0-9]+(_rebuild)?$') = any(${[...bases]}::text[]))
    order by relname`.execute(database.db)
  return rows.map((r) => r.table)
}

export interface ErasureAtRest {
  /** An erasure was just recorded: the work starts now, after the read models have applied it. */
  request(): void
  /** Resolves once every requested erasure has been made complete at rest (tests and shutdown wait on it). */
  idle(): Promise<void>
}

/**
 * Runs `eraseAtRest` after each erasure, in the background: the erasure command answers at once and the rewrite
 * follows. Before it starts, it waits (at most `waitMs`) for the read models named to have applied every event
 * up to the store's head, so the rows it rewrites already say "erased". Erasures that come while one runs are
 * done together in one more run. A failure is logged; the next erasure tries again.
 */
export function createErasureAtRest(options: {
  database: Database
  logger: Logger
  /** The tables to rewrite, by base name (read models that copy personal data, the key and outbox tables…). */
  tables: () => readonly string[]
  /** Waits until the read models have applied what the store holds now; false when it gave up. */
  readModelsCaughtUp: () => Promise<boolean>
}): ErasureAtRest {
  let pending = false
  let running: Promise<void> | undefined
  const loop = async () => {
    while (pending) {
      pending = false
      const started = Date.now()
      try {
        if (!(await options.readModelsCaughtUp())) {
          options.logger.warn('erasure at rest: the read models had not caught up; rewriting what they hold now')
        }
        const { rewritten } = await eraseAtRest(options.database, options.tables(), options.logger)
        options.logger.info({ tables: rewritten.length, ms: Date.now() - started }, 'erasure at rest: done')
      } catch (error) {
        options.logger.error({ err: error }, 'erasure at rest failed; the next erasure tries again')
      }
    }
  }
  const request = () => {
    pending = true
    running ??= loop().finally(() => {
      running = undefined
      // Asked for between the loop's last look and its end: one more run.
      if (pending) request()
    })
  }
  return {
    request,
    async idle() {
      while (running) await running
    },
  }
}
