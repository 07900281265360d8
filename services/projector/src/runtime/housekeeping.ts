import {
  STALE_FRACTION,
  STALE_FRACTION_WHILE_WRITING,
  INTERIM_STATISTICS_TARGET,
  analyzeStaleTables,
  analyzeTables,
  cleanGinPendingLists,
  schemaTables,
  vacuumAnalyzeTables,
  type Database,
  type Logger,
} from '@crm/platform'
import type { TableNames } from './projection'
import { pause } from './wake-ups'

export interface HousekeepingOptions {
  database: Pick<Database, 'kind' | 'db'>
  logger: Logger
  /** How often tables written since the last look are checked for stale statistics. */
  checkEveryMs?: number
  /** PGlite: quiet time after bulk work before its tables get a VACUUM (ANALYZE). */
  quietAfterBulkMs?: number
  /** PGlite: every table of the schema gets a VACUUM (ANALYZE) this often. */
  vacuumEveryMs?: number
}

export interface Housekeeping {
  /** A committed batch wrote `rows` events' worth of changes into these tables. */
  wrote(tables: TableNames, rows: number): void
  /**
   * Does now what waits for the writes to pause (full statistics, the GIN indexes' pending entries merged, on
   * PGlite the VACUUM (ANALYZE) of bulk work): for bulk work that has ended, before its user reads the lists.
   */
  settle(): Promise<void>
  /** Stops; resolves once a statement in flight has finished. */
  stop(): Promise<void>
}

const HOUR = 3_600_000

/**
 * Database housekeeping owned by the projector, which writes every read model (docs/decisions/016-…): a
 * batch, a backfill or an import that changed more than a tenth of a table gets it analyzed within seconds of
 * its last write (while the writes go on, each time the table doubles), and its GIN indexes' pending entries
 * merged.
 * On PGlite (no autovacuum at all) the tables of bulk work also get a VACUUM (ANALYZE) once writes pause, and
 * every table of the schema does on a schedule.
 */
export function startHousekeeping(options: HousekeepingOptions): Housekeeping {
  const { database, logger } = options
  const checkEveryMs = options.checkEveryMs ?? 2_000
  const quietAfterBulkMs = options.quietAfterBulkMs ?? 10_000
  const vacuumEveryMs = options.vacuumEveryMs ?? 6 * HOUR
  const pglite = database.kind === 'pglite'
  const stopping = new AbortController()
  /** Rows written per table since it was last analyzed. */
  const written = new Map<string, number>()
  /** Tables whose statistics changed since the last look. */
  let touched = new Set<string>()
  /** Tables analyzed from a small sample while writes went on: analyzed in full once they pause. */
  const interim = new Set<string>()
  /** Tables written since their GIN indexes' pending entries were last merged. */
  const unmerged = new Set<string>()
  /** PGlite: tables that took bulk work and await their VACUUM (ANALYZE). */
  const bulk = new Set<string>()
  let lastWriteAt = 0
  let lastVacuumAt = Date.now()

  /**
   * Whether the writes have paused for `ms`: read afresh after each awaited statement, as writes may resume
   * meanwhile. A settle takes them as paused.
   */
  const pausedFor = (ms: number, settling: boolean) => settling || Date.now() - lastWriteAt >= ms

  async function check(settling = false): Promise<void> {
    const writing = !pausedFor(checkEveryMs, settling)
    if (writing && touched.size > 0) {
      // Writes still going on: only a table that doubled, from a small sample; each is analyzed fully once they pause.
      const tables = [...touched]
      touched = new Set()
      const analyzed = await analyzeStaleTables(
        database.db,
        tables,
        written,
        STALE_FRACTION_WHILE_WRITING,
        INTERIM_STATISTICS_TARGET,
      )
      for (const table of analyzed) {
        written.delete(table)
        interim.add(table)
      }
      for (const table of tables) if (!analyzed.includes(table)) touched.add(table)
      if (analyzed.length > 0) logger.info({ tables: analyzed }, 'analyzed read models that grew, from a sample')
    } else if (!writing && (touched.size > 0 || interim.size > 0)) {
      const tables = [...touched].filter((table) => !interim.has(table))
      const sampled = [...interim]
      touched = new Set()
      interim.clear()
      const analyzed = [...(await analyzeStaleTables(database.db, tables, written, STALE_FRACTION)), ...sampled]
      await analyzeTables(database.db, sampled)
      for (const table of analyzed) {
        written.delete(table)
        if (pglite) bulk.add(table)
      }
      if (analyzed.length > 0) logger.info({ tables: analyzed }, 'analyzed read models that changed')
    }
    // Once the writes pause, the entries the written tables' GIN indexes hold unmerged are merged: every trigram
    // search reads those lists whole until something merges them (on a server, autovacuum minutes later).
    if (unmerged.size > 0 && pausedFor(checkEveryMs, settling)) {
      const tables = [...unmerged]
      unmerged.clear()
      const pages = await cleanGinPendingLists(database.db, tables)
      if (pages > 0) logger.info({ tables, pages }, "merged the GIN indexes' pending entries after writes")
    }
    if (!pglite) return
    if (bulk.size > 0 && pausedFor(quietAfterBulkMs, settling)) {
      const tables = [...bulk]
      bulk.clear()
      await vacuumAnalyzeTables(database.db, tables)
      logger.info({ tables }, 'vacuumed and analyzed read models after bulk work')
    }
    const now = Date.now()
    if (now - lastVacuumAt >= vacuumEveryMs) {
      lastVacuumAt = now
      await vacuumAnalyzeTables(database.db, await schemaTables(database.db))
      logger.info('scheduled vacuum and analyze of every table')
    }
  }

  // One look at a time: the loop's and a settle's statements never interleave.
  let turn = Promise.resolve()
  const inTurn = (settling: boolean): Promise<void> => {
    const look = turn.then(() => check(settling))
    turn = look.catch(() => undefined)
    return look
  }

  const running = (async () => {
    while (!stopping.signal.aborted) {
      await pause(checkEveryMs, stopping.signal)
      if (stopping.signal.aborted) break
      // A failed look (a table dropped by a rebuild meanwhile, a database blip) is retried at the next one.
      await inTurn(false).catch((error: unknown) => logger.warn({ err: error }, 'database housekeeping failed'))
    }
  })()

  return {
    wrote(tables, rows) {
      if (rows === 0) return
      lastWriteAt = Date.now()
      for (const table of Object.values(tables)) {
        touched.add(table)
        unmerged.add(table)
        written.set(table, (written.get(table) ?? 0) + rows)
      }
    },
    settle: () => inTurn(true),
    async stop() {
      stopping.abort()
      await running
      await turn
    },
  }
}
