import { START, type Database, type EventStore } from '@crm/platform'
import { sql } from 'kysely'
import { catchUp, type CatchUpProgress } from './catch-up'
import { replayTables, type AnyProjection, type TableNames } from './projection'

// Tables the system owns; a replay target must never replace one of them.
const SYSTEM_TABLES = new Set(['events', 'event_streams', 'event_commands', 'projection_checkpoints'])

/**
 * Builds a projection from the start of the store into tables of the analyst's choosing (replaced if they
 * exist). No checkpoint and no view: the copy is a snapshot as of the head when it finished.
 */
export async function replayProjection(
  database: Database,
  store: EventStore,
  projection: AnyProjection,
  target: string,
  options: { batchSize: number; knownProjections: readonly AnyProjection[]; onProgress?: (p: CatchUpProgress) => void },
): Promise<CatchUpProgress & { tables: TableNames }> {
  const tables = replayTables(projection, target)
  for (const table of Object.values(tables)) assertReplayTarget(table, options.knownProjections)
  await database.db.transaction().execute(async (trx) => {
    for (const table of Object.values(tables)) await sql`drop table if exists ${sql.table(table)}`.execute(trx)
    await projection.migrate(trx, tables)
  })
  const ctx = { db: database.db, store, batchSize: options.batchSize }
  const progress = await catchUp(ctx, projection, tables, { position: START, events: 0 }, options.onProgress)
  return { ...progress, tables }
}

export function assertReplayTarget(table: string, projections: readonly AnyProjection[]): void {
  const bare = table.includes('.') ? table.slice(table.lastIndexOf('.') + 1) : table
  const served = projections.some((p) =>
    p.tables.some((base) => bare === base || new RegExp(`^${base}_v\\d+(_rebuild)?$`).test(bare)),
  )
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/.test(table)) {
    throw new Error(`"${table}" is not a plain table name (letters, digits, underscores; optionally schema.table)`)
  }
  if (served || SYSTEM_TABLES.has(bare)) {
    throw new Error(`"${table}" is a table the CRM itself uses; choose another name for the replay`)
  }
}
