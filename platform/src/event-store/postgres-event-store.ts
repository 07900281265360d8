import { eventUpcasters } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/database'
import {
  upcast,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
  type StreamAppend,
  type StreamAppendOutcome,
  type Upcasters,
} from './event-store'
import { createGroupWriter } from '../concurrency/group-writer'
import {
  KeysNotWrittenError,
  appendMany,
  appendManyWithKeys,
  appendOne,
  wroteAny,
  type NewSubjectKey,
} from './postgres-appends'
import { START, makePosition, parsePosition, type Position } from './position'
import { migrateEventStore } from './postgres-schema'
import { pollingSubscription } from './polling-subscription'
import { coalescedNotify } from './coalesced-notify'
import { KEYS_TAKEN, sealingPersonalData, type AppendWithNewKeys, type KeysTaken } from './personal-data'
import { eventsAppended } from '../metrics/metrics'

export const EVENTS_CHANNEL = 'crm_events'

/**
 * Append groups written at once by one store. More than one lets a group be written while the previous one's
 * commit is being flushed; few enough that waiting appends gather into groups under load.
 */
const APPENDS_IN_FLIGHT = 2

/**
 * The shortest time between two wake-up notifications (coalesced-notify.ts). 10 ms: appends 0.35× → 0.45× of
 * pgbench in the same run (8 writers), for at most 10 ms more before a subscriber wakes under load.
 */
const WAKE_GAP_MS = 10

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
  options: {
    upcasters?: Upcasters
    pollIntervalMs?: number
    appendsInFlight?: number
    wakeGapMs?: number
    /** false: personal data in clear (the event store's own contract tests); sealed by default (decision 035). */
    sealPersonalData?: boolean
  } = {},
): Promise<EventStore> {
  const db = database.db as Kysely<unknown>
  await migrateEventStore(db)

  const toStored = (row: EventRow): StoredEvent =>
    upcast(options.upcasters ?? eventUpcasters, {
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
  const wakeReaders = coalescedNotify(
    () => sql`select pg_notify(${EVENTS_CHANNEL}, '')`.execute(db),
    options.wakeGapMs ?? WAKE_GAP_MS,
  )

  const eventColumns = `global_position::text as gp, transaction_id::text as txid, event_id, stream_id,
    stream_version, type, schema_version, data, metadata, created_at`
  // Only rows of finished transactions (below the snapshot's xmin), in (transaction, position) order: no later
  // commit can ever appear before what we return, so resuming after the last tuple is safe.
  const readAllSql = (typed: boolean) => `
    select ${eventColumns} from events
    where (transaction_id, global_position) > ($1::xid8, $2::bigint)
      and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      ${typed ? 'and type = any($4::text[])' : ''}
    order by transaction_id, global_position
    limit $3`
  const readAllAny = readAllSql(false)
  const readAllTyped = readAllSql(true)

  async function readAll({ after, limit, types }: { after: Position; limit: number; types?: readonly string[] }) {
    const [txid, gp] = parsePosition(after)
    const values = [txid.toString(), gp.toString(), limit]
    // Unnamed statements, planned on every call: a prepared plan made while the table was empty (a new install,
    // a fresh schema) would keep its sequential scan until the next ANALYZE (docs/decisions/009).
    const rows = types
      ? await database.query<EventRow>(readAllTyped, [...values, [...types]])
      : await database.query<EventRow>(readAllAny, values)
    return rows.map(toStored)
  }

  const appendPlain = async (group: StreamAppend[]): Promise<StreamAppendOutcome[]> =>
    group.length === 1 ? [await appendOne(database, group[0]!)] : await appendMany(database, group)

  // Concurrent appends are written in groups, one transaction each (group commit, docs/decisions/009). An append
  // sealed under keys made for it brings them along, written in the group's transaction (docs/decisions/057).
  const appendGrouped = createGroupWriter<StreamAppend & { keys?: NewSubjectKey[] }, StreamAppendOutcome | KeysTaken>({
    maxInFlight: options.appendsInFlight ?? APPENDS_IN_FLIGHT,
    maxGroup: 100,
    async write(group) {
      const keys = group.flatMap((a) => a.keys ?? [])
      let outcomes: (StreamAppendOutcome | KeysTaken)[]
      if (keys.length === 0) outcomes = await appendPlain(group)
      else {
        try {
          outcomes = await appendManyWithKeys(database, group, keys)
        } catch (error) {
          if (!(error instanceof KeysNotWrittenError)) throw error
          // Nothing was written: the appends without new keys go as usual, the others take the stored keys first.
          const plain = await appendPlain(group.filter((a) => !a.keys?.length))
          outcomes = group.map((a) => (a.keys?.length ? KEYS_TAKEN : plain.shift()!))
        }
      }
      if (wroteAny(outcomes.filter((o) => o !== KEYS_TAKEN))) wakeReaders()
      return outcomes
    },
  })

  /** An append sealed under new keys, written together; KEYS_TAKEN when a subject had a key (nothing written). */
  const appendWithNewKeys: AppendWithNewKeys = async (streamId, events, opts, keys) => {
    const outcome = await appendGrouped({ streamId, events, options: opts, keys })
    if (outcome === KEYS_TAKEN) return outcome
    if (!outcome.ok) throw outcome.error
    if (!outcome.duplicate) eventsAppended.inc(events.length)
    return { nextVersion: outcome.nextVersion, position: outcome.position, duplicate: outcome.duplicate }
  }

  const store: EventStore = {
    name: database.kind === 'pglite' ? 'pglite' : 'postgres',

    async appendToStream(streamId: string, events: NewEvent[], opts: AppendOptions): Promise<AppendResult> {
      if (events.length === 0) throw new Error('Nothing to append')
      const outcome = await appendGrouped({ streamId, events, options: opts })
      // Only an append that brings new keys can be told they were taken.
      if (outcome === KEYS_TAKEN) throw new Error('an append without keys was answered as one with keys')
      if (!outcome.ok) throw outcome.error
      if (!outcome.duplicate) eventsAppended.inc(events.length)
      return { nextVersion: outcome.nextVersion, position: outcome.position, duplicate: outcome.duplicate }
    },

    async appendToStreams(appends: StreamAppend[]): Promise<StreamAppendOutcome[]> {
      if (appends.length === 0) return []
      if (appends.some((a) => a.events.length === 0)) throw new Error('Nothing to append')
      const outcomes = await appendMany(database, appends)
      eventsAppended.inc(outcomes.reduce((n, o, i) => (o.ok && !o.duplicate ? n + appends[i]!.events.length : n), 0))
      if (wroteAny(outcomes)) wakeReaders()
      return outcomes
    },

    async readStream(streamId, { fromVersion = 1 } = {}) {
      const rows = await database.query<EventRow>(
        `select ${eventColumns} from events where stream_id = $1 and stream_version >= $2 order by stream_version`,
        [streamId, fromVersion],
      )
      return rows.map(toStored)
    },

    async readStreams(streamIds) {
      const streams = new Map<string, StoredEvent[]>(streamIds.map((id) => [id, []]))
      if (streamIds.length === 0) return streams
      const rows = await database.query<EventRow>(
        `select ${eventColumns} from events where stream_id = any($1::text[]) order by stream_id, stream_version`,
        [[...new Set(streamIds)]],
      )
      for (const row of rows) streams.get(row.stream_id)!.push(toStored(row))
      return streams
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
  return options.sealPersonalData === false ? store : sealingPersonalData(store, database, appendWithNewKeys)
}
