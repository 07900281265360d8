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
      try {
        return await db.transaction().execute(async (trx) => {
          // Writers of one stream queue here before anything assigns this transaction its id, so transaction
          // ids, and with them the global read order, follow the stream's version order.
          await sql`select pg_advisory_xact_lock(hashtextextended(${streamId}, 0))`.execute(trx)
          const claimed = await sql`
            insert into event_commands (command_id, stream_id, next_version, position)
            values (${commandId}, ${streamId}, 0, '') on conflict do nothing returning command_id`.execute(trx)
          if (claimed.rows.length === 0) throw new DuplicateCommand()

          const nextVersion = await reserveVersions(trx, streamId, events.length, opts.expectedVersion)
          const first = nextVersion - events.length + 1
          const inserted = await sql<{ transaction_id: string; global_position: string }>`
            insert into events (event_id, stream_id, stream_version, type, schema_version, data, metadata)
            values ${sql.join(
              events.map(
                (e, i) =>
                  sql`(${e.eventId}, ${streamId}, ${first + i}, ${e.type}, ${e.schemaVersion ?? 1},
                       ${JSON.stringify(e.data)}::jsonb, ${JSON.stringify(e.metadata)}::jsonb)`,
              ),
            )}
            returning transaction_id::text, global_position::text`.execute(trx)
          const last = inserted.rows[inserted.rows.length - 1]!
          const position = makePosition(last.transaction_id, last.global_position)
          await sql`update event_commands set next_version = ${nextVersion}, position = ${position}
                    where command_id = ${commandId}`.execute(trx)
          // Delivered at commit; wakes subscribers in every process.
          await sql`select pg_notify(${EVENTS_CHANNEL}, '')`.execute(trx)
          return { nextVersion, position, duplicate: false }
        })
      } catch (error) {
        if (!(error instanceof DuplicateCommand)) throw error
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

class DuplicateCommand extends Error {}

/** Moves the stream's version forward by `count`, enforcing the expected version; row locks serialize writers. */
async function reserveVersions(
  trx: Kysely<unknown>,
  streamId: string,
  count: number,
  expected: AppendOptions['expectedVersion'],
): Promise<number> {
  let rows: { version: number }[]
  if (expected === 'any') {
    ;({ rows } = await sql<{ version: number }>`
      insert into event_streams (stream_id, version) values (${streamId}, ${count})
      on conflict (stream_id) do update set version = event_streams.version + ${count}
      returning version`.execute(trx))
  } else if (expected === 'no_stream' || expected === 0) {
    ;({ rows } = await sql<{ version: number }>`
      insert into event_streams (stream_id, version) values (${streamId}, ${count})
      on conflict do nothing returning version`.execute(trx))
  } else {
    ;({ rows } = await sql<{ version: number }>`
      update event_streams set version = version + ${count}
      where stream_id = ${streamId} and version = ${expected} returning version`.execute(trx))
  }
  if (rows[0]) return rows[0].version
  const actual = await sql<{ version: number }>`select version from event_streams where stream_id = ${streamId}`.execute(
    trx,
  )
  throw new WrongExpectedVersionError(streamId, expected, actual.rows[0]?.version ?? 0)
}
