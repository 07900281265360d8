import type { Position } from '@crm/platform'
import { sql } from 'kysely'
import { lockCheckpoint, lockProjectionName, notifyReadModelChanged } from './checkpoint-rows'
import { versionedTables, type AnyProjection, type Executor, type TableNames } from './projection'

/**
 * Blue/green switch, inside the caller's transaction: the views the query side reads now select from
 * `tables`, this version is 'active', and every older version is 'retired' with its tables dropped.
 * Queries running on the old view finish first (drop view waits for their locks); later ones see the new rows.
 */
export async function pointViewsAt(
  trx: Executor,
  projection: AnyProjection,
  tables: TableNames,
  position: Position,
): Promise<void> {
  for (const base of projection.tables) {
    await sql`drop view if exists ${sql.table(base)}`.execute(trx)
    await sql`create view ${sql.table(base)} as select * from ${sql.table(tables[base]!)}`.execute(trx)
  }
  await sql`
    update projection_checkpoints set state = 'active', updated_at = now()
    where name = ${projection.name} and version = ${projection.version}`.execute(trx)
  const { rows: older } = await sql<{ version: number }>`
    update projection_checkpoints set state = 'retired', updated_at = now()
    where name = ${projection.name} and version < ${projection.version} and state <> 'retired'
    returning version`.execute(trx)
  for (const { version } of older) {
    for (const table of Object.values(versionedTables(projection, version))) {
      await sql`drop table if exists ${sql.table(table)}`.execute(trx)
    }
  }
  await notifyReadModelChanged(trx, projection.name, position)
}

/** Switches a backfilling version that has caught up. False when it is no longer backfilling (someone else did). */
export async function switchOver(db: Executor, projection: AnyProjection): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockProjectionName(trx, projection.name)
    const row = await lockCheckpoint(trx, projection.name, projection.version)
    if (row?.state !== 'backfilling') return false
    await pointViewsAt(trx, projection, versionedTables(projection), row.position)
    return true
  })
}
