import { READ_MODEL_REBUILDS_STREAM } from '@crm/contracts'
import type { Database, EventStore, Logger } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import type { AnyProjection } from './projection'
import { rebuildProjection } from './rebuild'
import { pause } from './wake-ups'

/**
 * Rebuilds asked for from the admin screen (docs/decisions/032). Each request is a ReadModelRebuildRequested
 * event of one stream; `projection_rebuilds` records what became of it (one row per event, by its stream
 * version). Any projector process that runs the named projection may claim a request; a claim whose process
 * stops beating for a minute is taken over.
 */
export async function migrateRebuildRequests(db: Kysely<unknown>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('crm_projection_rebuilds'))`.execute(trx)
    const { rows } = await sql<{ exists: boolean }>`
      select to_regclass('projection_rebuilds') is not null as exists`.execute(trx)
    if (rows[0]?.exists) return false
    await sql`
      create table projection_rebuilds (
        stream_version int primary key,
        name text not null,
        requested_by uuid,
        requested_at timestamptz not null,
        state text not null,
        events_applied bigint not null default 0,
        started_at timestamptz,
        finished_at timestamptz,
        heartbeat_at timestamptz,
        error text
      )`.execute(trx)
    await sql`create index on projection_rebuilds (name, stream_version desc)`.execute(trx)
    return true
  })
}

export interface RebuildRequestsOptions {
  database: Database
  store: EventStore
  projections: readonly AnyProjection[]
  logger: Logger
  batchSize: number
  pollIntervalMs: number
  signal: AbortSignal
}

const HEARTBEAT_MS = 5_000
const ABANDONED_AFTER = '60 seconds'

/** Follows the requests until the signal aborts, running one rebuild at a time. */
export async function followRebuildRequests(options: RebuildRequestsOptions): Promise<void> {
  const { database, store, projections, logger, signal } = options
  const db = database.db
  const names = projections.map((p) => p.name)
  /** Whether the requests table was created by this start (undefined until it is there). */
  let fresh: boolean | undefined
  while (!signal.aborted) {
    try {
      // Inside the retry: a database lost at the projector's start is waited for here, as everywhere else.
      fresh ??= await migrateRebuildRequests(db)
      await recordRequests(db, store, fresh)
      fresh = false
      const claimed = await claim(db, names)
      if (claimed) await run(claimed)
      else await pause(options.pollIntervalMs, signal)
    } catch (error) {
      logger.error({ err: error }, 'rebuild requests: retrying')
      await pause(Math.max(2_000, options.pollIntervalMs), signal)
    }
  }

  async function run({ streamVersion, name }: { streamVersion: number; name: string }): Promise<void> {
    const projection = projections.find((p) => p.name === name)!
    const beat = setInterval(() => {
      void sql`update projection_rebuilds set heartbeat_at = now() where stream_version = ${streamVersion}`
        .execute(db)
        .catch(() => undefined)
    }, HEARTBEAT_MS)
    try {
      const done = await rebuildProjection(database, store, projection, {
        batchSize: options.batchSize,
        logger,
        onProgress: ({ events }) => {
          void sql`update projection_rebuilds set events_applied = ${events}, heartbeat_at = now()
            where stream_version = ${streamVersion}`
            .execute(db)
            .catch(() => undefined)
        },
      })
      await sql`
        update projection_rebuilds set state = 'done', events_applied = ${done.events}, finished_at = now()
        where stream_version = ${streamVersion}`.execute(db)
    } catch (error) {
      logger.error({ err: error, projection: name }, 'rebuild failed')
      await sql`
        update projection_rebuilds set state = 'failed', finished_at = now(),
          error = ${error instanceof Error ? error.message : String(error)}
        where stream_version = ${streamVersion}`.execute(db)
    } finally {
      clearInterval(beat)
    }
  }
}

/**
 * Copies requests not seen yet into the table. When the table was just created, the requests already in the
 * store (a database restored beside an old store) are history, not work: every read model backfills anyway.
 */
async function recordRequests(db: Kysely<unknown>, store: EventStore, asHistory: boolean): Promise<void> {
  const { rows } = await sql<{ last: number | null }>`
    select max(stream_version) as last from projection_rebuilds`.execute(db)
  const events = await store.readStream(READ_MODEL_REBUILDS_STREAM, { fromVersion: (rows[0]?.last ?? 0) + 1 })
  if (events.length === 0) return
  const requests = events.map((e) => ({
    stream_version: e.streamVersion,
    name: (e.data as { name: string }).name,
    requested_by: e.metadata.userId,
    requested_at: e.metadata.occurredAt,
    state: asHistory ? 'skipped' : 'requested',
  }))
  await sql`
    insert into projection_rebuilds (stream_version, name, requested_by, requested_at, state)
    select stream_version, name, requested_by, requested_at, state
    from json_to_recordset(${JSON.stringify(requests)}::json)
      as r(stream_version int, name text, requested_by uuid, requested_at timestamptz, state text)
    on conflict (stream_version) do nothing`.execute(db)
}

/**
 * The newest waiting request for a projection run here (or one whose process stopped beating), now marked
 * running. Earlier waiting requests for the same read model are answered by this run.
 */
async function claim(db: Kysely<unknown>, names: string[]): Promise<{ streamVersion: number; name: string } | null> {
  if (names.length === 0) return null
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ stream_version: number; name: string }>`
      select stream_version, name from projection_rebuilds
      where name = any(${names}::text[])
        and (state = 'requested' or (state = 'running' and heartbeat_at < now() - ${ABANDONED_AFTER}::interval))
      order by stream_version desc
      limit 1
      for update skip locked`.execute(trx)
    const row = rows[0]
    if (!row) return null
    await sql`
      update projection_rebuilds set state = 'running', started_at = now(), heartbeat_at = now(), events_applied = 0
      where stream_version = ${row.stream_version}`.execute(trx)
    await sql`
      update projection_rebuilds set state = 'skipped', finished_at = now()
      where name = ${row.name} and state = 'requested' and stream_version <> ${row.stream_version}`.execute(trx)
    return { streamVersion: row.stream_version, name: row.name }
  })
}
