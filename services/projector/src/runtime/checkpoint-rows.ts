import { READ_MODELS_CHANNEL, START, type Position, type ProjectionState } from '@crm/platform'
import { sql } from 'kysely'
import { versionedTables, type AnyProjection, type Executor } from './projection'

export interface CheckpointRow {
  position: Position
  state: ProjectionState
  eventsApplied: number
}

type Row = { position: string; state: ProjectionState; events_applied: string }
const toRow = (r: Row): CheckpointRow => ({
  position: r.position,
  state: r.state,
  eventsApplied: Number(r.events_applied),
})

export async function readCheckpoint(db: Executor, name: string, version: number): Promise<CheckpointRow | undefined> {
  const { rows } = await sql<Row>`
    select position, state, events_applied::text from projection_checkpoints
    where name = ${name} and version = ${version}`.execute(db)
  return rows[0] && toRow(rows[0])
}

/**
 * Takes the checkpoint row's lock for the rest of the transaction. Every writer of a projection's tables
 * (batch, switch-over, rebuild) takes it first, so they serialize on it and a batch whose starting position
 * no longer matches (another instance or a rebuild moved it) is dropped instead of applied twice.
 */
export async function lockCheckpoint(trx: Executor, name: string, version: number): Promise<CheckpointRow | undefined> {
  const { rows } = await sql<Row>`
    select position, state, events_applied::text from projection_checkpoints
    where name = ${name} and version = ${version} for update`.execute(trx)
  return rows[0] && toRow(rows[0])
}

export async function advanceCheckpoint(
  trx: Executor,
  projection: AnyProjection,
  position: Position,
  eventCount: number,
): Promise<void> {
  await sql`
    update projection_checkpoints
    set position = ${position}, events_applied = events_applied + ${eventCount}, updated_at = now()
    where name = ${projection.name} and version = ${projection.version}`.execute(trx)
}

/**
 * Moves the checkpoint from `from` to `to` in one statement, for a batch with nothing for this read model.
 * False when the row was not at `from` (a rebuild or another instance moved it) or the version is retired.
 */
export async function skipCheckpoint(
  db: Executor,
  projection: AnyProjection,
  from: Position,
  to: Position,
  eventCount: number,
): Promise<boolean> {
  const result = await sql`
    update projection_checkpoints
    set position = ${to}, events_applied = events_applied + ${eventCount}, updated_at = now()
    where name = ${projection.name} and version = ${projection.version} and position = ${from}
      and state <> 'retired'`.execute(db)
  return (result.numAffectedRows ?? 0n) > 0n
}

/** Tells the query API (which forwards it as the change feed) that a served read model moved. */
export async function notifyReadModelChanged(trx: Executor, name: string, position: Position): Promise<void> {
  await sql`select pg_notify(${READ_MODELS_CHANNEL}, ${JSON.stringify({ projection: name, position })})`.execute(trx)
}

/** DDL on one projection's tables and views runs one instance at a time. */
export async function lockProjectionName(trx: Executor, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('crm_projection'), hashtext(current_schema() || ':' || ${name}))`.execute(
    trx,
  )
}

/**
 * The checkpoint row of this version, creating its fresh tables and the row (backfilling from START) in one
 * transaction the first time: either both exist or neither, so a crash here is retried from scratch.
 */
export async function ensureProjectionVersion(db: Executor, projection: AnyProjection): Promise<CheckpointRow> {
  const existing = await readCheckpoint(db, projection.name, projection.version)
  if (existing) return existing
  return db.transaction().execute(async (trx) => {
    await lockProjectionName(trx, projection.name)
    const raced = await readCheckpoint(trx, projection.name, projection.version)
    if (raced) return raced
    const tables = versionedTables(projection)
    // Leftovers of an interrupted `rebuild` or a hand-made copy must not be adopted as this version's rows.
    for (const table of Object.values(tables)) await sql`drop table if exists ${sql.table(table)}`.execute(trx)
    await projection.migrate(trx, tables)
    await sql`
      insert into projection_checkpoints (name, version, position, state, events_applied)
      values (${projection.name}, ${projection.version}, ${START}, 'backfilling', 0)`.execute(trx)
    return { position: START, state: 'backfilling' as const, eventsApplied: 0 }
  })
}

/** The highest version of this name that serves the query side, if any. */
export async function activeVersion(db: Executor, name: string): Promise<number | undefined> {
  const { rows } = await sql<{ version: number }>`
    select version from projection_checkpoints where name = ${name} and state = 'active'
    order by version desc limit 1`.execute(db)
  return rows[0]?.version
}
