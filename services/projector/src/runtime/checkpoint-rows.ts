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

/** A batch with nothing for one projection version: its checkpoint moves from `from` to `to`. */
export interface CheckpointSkip {
  name: string
  version: number
  from: Position
  to: Position
  eventCount: number
}

/**
 * Moves several projections' checkpoints in one statement (the projector's loops skip the same batch at about
 * the same moment; one commit instead of one each). Per skip, false when the row was not at `from` (a rebuild
 * or another instance moved it) or the version is retired. Rows are locked in key order, as every other
 * writer of several checkpoint rows should, so two such statements cannot deadlock.
 */
export async function skipCheckpoints(db: Executor, skips: readonly CheckpointSkip[]): Promise<boolean[]> {
  const payload = skips.map((skip, i) => ({
    i,
    name: skip.name,
    version: skip.version,
    from_position: skip.from,
    to_position: skip.to,
    event_count: skip.eventCount,
  }))
  const { rows } = await sql<{ i: number }>`
    with s as materialized (
      select * from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
        as s(i integer, name text, version integer, from_position text, to_position text, event_count integer)
    ), locked as materialized (
      select c.name, c.version from projection_checkpoints c join s on c.name = s.name and c.version = s.version
      order by c.name, c.version for update of c
    )
    update projection_checkpoints c
    set position = s.to_position, events_applied = c.events_applied + s.event_count, updated_at = now()
    from s join locked l on l.name = s.name and l.version = s.version
    where c.name = s.name and c.version = s.version and c.position = s.from_position and c.state <> 'retired'
    returning s.i`.execute(db)
  const moved = new Set(rows.map((r) => r.i))
  return skips.map((_, i) => moved.has(i))
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
