import { sql, type Kysely } from 'kysely'
import type { Position } from '../event-store/position'
import { START } from '../event-store/position'

/**
 * The contract between the projector (which writes checkpoints in the same transaction as its read-model
 * changes) and the query API (which waits on them for read-your-writes and reports lag on /health).
 */
export const READ_MODELS_CHANNEL = 'crm_read_models'

export type ProjectionState = 'backfilling' | 'active' | 'retired'

export interface ProjectionCheckpoint {
  name: string
  version: number
  position: Position
  state: ProjectionState
  eventsApplied: number
  updatedAt: string
}

export async function migrateCheckpoints(db: Kysely<unknown>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('crm_projection_checkpoints'))`.execute(trx)
    await sql`
      create table if not exists projection_checkpoints (
        name text not null,
        version integer not null,
        position text not null default ${sql.lit(START)},
        state text not null default 'backfilling',
        events_applied bigint not null default 0,
        updated_at timestamptz not null default now(),
        primary key (name, version)
      )`.execute(trx)
  })
}

export async function listCheckpoints(db: Kysely<unknown>): Promise<ProjectionCheckpoint[]> {
  const { rows } = await sql<{
    name: string
    version: number
    position: string
    state: ProjectionState
    events_applied: string
    updated_at: Date
  }>`select name, version, position, state, events_applied::text, updated_at
     from projection_checkpoints order by name, version`.execute(db)
  return rows.map((r) => ({
    name: r.name,
    version: r.version,
    position: r.position,
    state: r.state,
    eventsApplied: Number(r.events_applied),
    updatedAt: new Date(r.updated_at).toISOString(),
  }))
}

/** Lowest checkpoint among the active versions of the named projections (START when one has none yet). */
export async function activePositionOf(db: Kysely<unknown>, names: readonly string[]): Promise<Position> {
  return (await servedPositionOf(db, names)) ?? START
}

/** Lowest checkpoint of the named projections, or null while one of them is not active (its views missing). */
async function servedPositionOf(db: Kysely<unknown>, names: readonly string[]): Promise<Position | null> {
  const { rows } = await sql<{ name: string; position: string }>`
    select name, position from projection_checkpoints
    where state = 'active' and name = any(${[...names]}::text[])`.execute(db)
  // A projection not active yet (still backfilling) has no row: nothing is visible through it.
  if (rows.length < new Set(names).size) return null
  return rows.reduce((min, r) => (r.position < min ? r.position : min), rows[0]?.position ?? START)
}

/**
 * Read-your-writes: waits until every named projection serves (is active) and has passed `position`, at most
 * `timeoutMs`, or until `signal` aborts (a process shutting down does not wait out the timeout). Returns whether
 * it got there; callers answer with what they have either way. On a fresh database the head is START, which a
 * projection that has not created its views yet has not reached either.
 */
export async function waitForPosition(
  db: Kysely<unknown>,
  names: readonly string[],
  position: Position,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const served = await servedPositionOf(db, names)
    if (served !== null && served >= position) return true
    if (Date.now() >= deadline || signal?.aborted) return false
    await new Promise((r) => setTimeout(r, 15))
  }
}
