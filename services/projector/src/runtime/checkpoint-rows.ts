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

/** One projection version's checkpoint, as a key for statements over several of them. */
export interface CheckpointKey {
  name: string
  version: number
}

const keyOf = (k: CheckpointKey) => `${k.name}\u0000${k.version}`

/**
 * Locks several checkpoint rows for the rest of the transaction in one statement, in key order (as every
 * writer of several rows must, so that two of them cannot deadlock); rows that do not exist are missing.
 */
export async function lockCheckpoints(
  trx: Executor,
  keys: readonly CheckpointKey[],
): Promise<Map<string, CheckpointRow>> {
  const { rows } = await sql<Row & CheckpointKey>`
    select c.name, c.version, c.position, c.state, c.events_applied::text from projection_checkpoints c
    join jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as k(name text, version integer)
      on c.name = k.name and c.version = k.version
    order by c.name, c.version
    for update of c`.execute(trx)
  return new Map(rows.map((r) => [keyOf(r), toRow(r)]))
}

export const checkpointOf = (rows: Map<string, CheckpointRow>, key: CheckpointKey) => rows.get(keyOf(key))

/** A checkpoint moving to `position` over `eventCount` more events. */
export type CheckpointMove = CheckpointKey & { position: Position; eventCount: number }

/** Moves several checkpoints (rows the transaction has locked) in one statement. */
export async function advanceCheckpoints(trx: Executor, moves: readonly CheckpointMove[]): Promise<void> {
  if (moves.length === 0) return
  const payload = moves.map((m) => ({ name: m.name, version: m.version, position: m.position, n: m.eventCount }))
  await sql`
    update projection_checkpoints c
    set position = m.position, events_applied = c.events_applied + m.n, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as m(name text, version integer, position text, n integer)
    where c.name = m.name and c.version = m.version`.execute(trx)
}

/** notifyReadModelChanged for several read models in one statement. */
export async function notifyReadModelsChanged(
  trx: Executor,
  changes: readonly { projection: string; position: Position }[],
): Promise<void> {
  if (changes.length === 0) return
  await sql`
    select pg_notify(${READ_MODELS_CHANNEL}, c::text)
    from jsonb_array_elements(${JSON.stringify(changes)}::jsonb) as c`.execute(trx)
}

/** Tells the query API (which forwards it as the change feed) that a served read model moved. */
export async function notifyReadModelChanged(trx: Executor, name: string, position: Position): Promise<void> {
  await notifyReadModelsChanged(trx, [{ projection: name, position }])
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
    // A backfill from the start builds its deferred indexes once it has caught up (deferred-indexes.ts).
    await projection.migrate(trx, tables, { deferIndexes: true })
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
