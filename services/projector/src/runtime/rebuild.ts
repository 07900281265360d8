import { START, analyzeTables, migrateCheckpoints, type Database, type EventStore, type Logger } from '@crm/platform'
import { sql } from 'kysely'
import { catchUp, type CatchUpProgress } from './catch-up'
import { lockCheckpoint, lockProjectionName } from './checkpoint-rows'
import { createIndex } from './deferred-indexes'
import { rebuildTables, versionedTables, type AnyProjection } from './projection'
import { pointViewsAt } from './switch-over'

/**
 * Rebuilds a projection from the start of the store, blue/green: a fresh copy is filled beside the served
 * tables, then in one transaction it replaces them, the checkpoint jumps to where the copy got, and the views
 * point at it. The served tables stay intact until that moment; a crash before it leaves only the copy, which
 * the next rebuild drops. A projector running meanwhile waits on the checkpoint lock, then continues after it.
 */
export async function rebuildProjection(
  database: Database,
  store: EventStore,
  projection: AnyProjection,
  options: { batchSize: number; logger?: Logger; onProgress?: (progress: CatchUpProgress) => void },
): Promise<CatchUpProgress> {
  const db = database.db
  await migrateCheckpoints(db)
  const copy = rebuildTables(projection)
  const live = versionedTables(projection)
  await db.transaction().execute(async (trx) => {
    for (const table of Object.values(copy)) await sql`drop table if exists ${sql.table(table)}`.execute(trx)
    await projection.migrate(trx, copy, { deferIndexes: true })
  })
  const ctx = { db, store, batchSize: options.batchSize }
  let progress = await catchUp(ctx, projection, copy, { position: START, events: 0 }, options.onProgress)
  // The copy is new to this run (a stopped one is dropped above), so its list indexes are built once, unnamed.
  for (const index of projection.deferredIndexes?.(copy) ?? []) await createIndex(db, index)
  for (;;) {
    const swapped = await db.transaction().execute(async (trx) => {
      await lockProjectionName(trx, projection.name)
      const row = await lockCheckpoint(trx, projection.name, projection.version)
      // The running projector got further while we caught up: close the gap first, never move it backwards.
      if (row && row.position > progress.position) return false
      for (const base of projection.tables) {
        await sql`drop view if exists ${sql.table(base)}`.execute(trx)
        await sql`drop table if exists ${sql.table(live[base]!)}`.execute(trx)
        await sql`alter table ${sql.table(copy[base]!)} rename to ${sql.id(live[base]!)}`.execute(trx)
      }
      await sql`
        insert into projection_checkpoints (name, version, position, state, events_applied)
        values (${projection.name}, ${projection.version}, ${progress.position}, 'active', ${progress.events})
        on conflict (name, version) do update
        set position = excluded.position, events_applied = excluded.events_applied, updated_at = now()`.execute(trx)
      await pointViewsAt(trx, projection, live, progress.position)
      return true
    })
    if (swapped) break
    progress = await catchUp(ctx, projection, copy, progress, options.onProgress)
  }
  // Every row of the served tables is new: the planner gets their statistics before the first list reads them.
  await analyzeTables(db, Object.values(live))
  options.logger?.info({ projection: projection.name, version: projection.version, ...progress }, 'rebuilt')
  return progress
}
