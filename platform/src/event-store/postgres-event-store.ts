import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/database'
import {
  WrongExpectedVersionError,
  upcast,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
  type Upcasters,
} from './event-store'
import { START, makePosition, parsePosition, type Position } from './position'
import { migrateEventStore } from './postgres-schema'
import { pollingSubscription } from './polling-subscription'
import { coalescedNotify } from './coalesced-notify'

export const EVENTS_CHANNEL = 'crm_events'

type EventRow = {
  gp: string
  txid: string
  event_id: string
  stream_id: string
  stream_version: number
  type: string
  schema_version: number
  data: unknown
  metadata: StoredEvent['metadata']
  created_at: Date | string
}

/** The default event store, on real PostgreSQL or PGlite through the same SQL. */
export async function createPostgresEventStore(
  database: Database,
  options: { upcasters?: Upcasters; pollIntervalMs?: number } = {},
): Promise<EventStore> {
  const db = database.db as Kysely<unknown>
  await migrateEventStore(db)

  const toStored = (row: EventRow): StoredEvent =>
    upcast(options.upcasters, {
      eventId: row.event_id,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      position: makePosition(row.txid, row.gp),
      type: row.type,
      data: row.data,
      metadata: row.metadata,
      schemaVersion: row.schema_version,
      createdAt: new Date(row.created_at).toISOString(),
    })

  // Subscribers (here and in other processes) wake on this channel; sent after each append's commit, coalesced.
  const wakeReaders = coalescedNotify(() => sql`select pg_notify(${EVENTS_CHANNEL}, '')`.execute(db))

  async function readAll({ after, limit, types }: { after: Position; limit: number; types?: readonly string[] }) {
    const [txid, gp] = parsePosition(after)
    // Only rows of finished transactions (below the snapshot's xmin), in (transaction, position) order:
    // no later commit can ever appear before what we return, so resuming after the last tuple is safe.
    const { rows } = await sql<EventRow>`
      select global_position::text as gp, transaction_id::text as txid, event_id, stream_id, stream_version, type,
             schema_version, data, metadata, created_at
      from events
      where (transaction_id, global_position) > (${txid.toString()}::xid8, ${gp.toString()}::bigint)
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ${types ? sql`and type = any(${[...types]}::text[])` : sql``}
      order by transaction_id, global_position
      limit ${limit}`.execute(db)
    return rows.map(toStored)
  }

  const store: EventStore = {
    name: database.kind === 'pglite' ? 'pglite' : 'postgres',

    async appendToStream(streamId: string, events: NewEvent[], opts: AppendOptions): Promise<AppendResult> {
      if (events.length === 0) throw new Error('Nothing to append')
      const commandId = opts.commandId ?? events[0]!.metadata.commandId
      const expected =
        opts.expectedVersion === 'any' ? -1 : opts.expectedVersion === 'no_stream' ? 0 : opts.expectedVersion
      const payload = JSON.stringify(
        events.map((e) => ({
          eventId: e.eventId,
          type: e.type,
          schemaVersion: e.schemaVersion ?? 1,
          data: e.data,
          metadata: e.metadata,
        })),
      )
      try {
        const { rows } = await sql<{ out_next_version: number; out_position: string; out_duplicate: boolean }>`
          select * from crm_append_events(${streamId}, ${expected}, ${commandId}, ${payload}::jsonb)`.execute(db)
        const row = rows[0]!
        if (!row.out_duplicate) wakeReaders()
        return { nextVersion: row.out_next_version, position: row.out_position, duplicate: row.out_duplicate }
      } catch (error) {
        const code = (error as { code?: string }).code
        if (code === 'CRM01') {
          const actual = Number((error as { detail?: string }).detail ?? 0)
          throw new WrongExpectedVersionError(streamId, opts.expectedVersion, actual)
        }
        if (code !== 'CRM02') throw error
        const { rows } = await sql<{ next_version: number; position: string }>`
          select next_version, position from event_commands where command_id = ${commandId}`.execute(db)
        return { nextVersion: rows[0]!.next_version, position: rows[0]!.position, duplicate: true }
      }
    },

    async readStream(streamId, { fromVersion = 1 } = {}) {
      const { rows } = await sql<EventRow>`
        select global_position::text as gp, transaction_id::text as txid, event_id, stream_id, stream_version, type,
               schema_version, data, metadata, created_at
        from events where stream_id = ${streamId} and stream_version >= ${fromVersion}
        order by stream_version`.execute(db)
      return rows.map(toStored)
    },

    readAll,

    subscribe(subscribeOptions: SubscribeOptions): Subscription {
      return pollingSubscription({
        ...subscribeOptions,
        readAll,
        pollIntervalMs: options.pollIntervalMs ?? 500,
        listen: (wake) => database.listen(EVENTS_CHANNEL, wake),
      })
    },

    async headPosition() {
      // Aliases differ from the column names so that ORDER BY sorts the xid8 / bigint columns, not their text.
      const { rows } = await sql<{ txid: string; gp: string }>`
        select transaction_id::text as txid, global_position::text as gp from events
        where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by transaction_id desc, global_position desc limit 1`.execute(db)
      const row = rows[0]
      return row ? makePosition(row.txid, row.gp) : START
    },

    async close() {
      // The database belongs to the caller.
    },
  }
  return store
}
