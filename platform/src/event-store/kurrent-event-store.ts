import { eventUpcasters } from '@crm/contracts'
import { createHash } from 'node:crypto'
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START as KURRENT_START,
  WrongExpectedVersionError as KurrentWrongVersion,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type JSONType,
} from '@eventstore/db-client'
import type { EventMetadata } from '@crm/contracts'
import {
  WrongExpectedVersionError,
  upcast,
  type AppendOptions,
  type EventStore,
  type StoredEvent,
  type Upcasters,
} from './event-store'
import { appendOneByOne } from './append-one-by-one'
import { START, makePosition, parsePosition, type Position } from './position'
import { pollingSubscription } from './polling-subscription'
import { eventsAppended } from '../metrics/metrics'

/** Streams that record which command ids were appended (KurrentDB has no cross-stream transaction). */
const COMMAND_STREAM_PREFIX = 'crm-command-'
/** Streams readStreams reads at once. */
const READS_IN_FLIGHT = 16

/**
 * The KurrentDB / EventStoreDB adapter (EVENTSTORE_URL). Streams map one to one; the global order is $all
 * and the checkpoint its commit/prepare position. Idempotency: event ids derive from the command id, which
 * KurrentDB deduplicates, and a per-command marker stream remembers the first result.
 */
export async function createKurrentEventStore(
  url: string,
  options: { upcasters?: Upcasters } = {},
): Promise<EventStore> {
  const client = EventStoreDBClient.connectionString(url)

  const isProjectEvent = (e: AllStreamResolvedEvent) =>
    !!e.event &&
    !e.event.streamId.startsWith('$') &&
    !e.event.streamId.startsWith(COMMAND_STREAM_PREFIX) &&
    !e.event.type.startsWith('$')

  type RecordedEvent = {
    id: string
    streamId: string
    revision: bigint
    type: string
    data: unknown
    metadata?: unknown
    created: Date
    position?: { commit: bigint; prepare: bigint }
  }
  const toStored = (resolved: { event?: RecordedEvent }): StoredEvent => {
    const e = resolved.event!
    const meta = e.metadata as { crm: EventMetadata; schemaVersion?: number }
    return upcast(options.upcasters ?? eventUpcasters, {
      eventId: e.id,
      streamId: e.streamId,
      streamVersion: Number(e.revision) + 1,
      position: e.position ? makePosition(e.position.commit, e.position.prepare) : START,
      type: e.type,
      data: e.data,
      metadata: meta.crm,
      schemaVersion: meta.schemaVersion ?? 1,
      createdAt: e.created.toISOString(),
    })
  }

  async function readAll({ after, limit, types }: { after: Position; limit: number; types?: readonly string[] }) {
    const [commit, prepare] = parsePosition(after)
    const from = after === START ? KURRENT_START : { commit, prepare }
    const out: StoredEvent[] = []
    // Reading from a position includes it; reading on in pages skips what is not ours.
    for await (const resolved of client.readAll({ fromPosition: from, direction: FORWARDS, maxCount: limit + 1 })) {
      if (!isProjectEvent(resolved)) continue
      const stored = toStored(resolved)
      if (stored.position <= after) continue
      if (types && !types.includes(stored.type)) continue
      out.push(stored)
      if (out.length >= limit) break
    }
    return out
  }

  async function recordedResult(commandId: string) {
    try {
      for await (const r of client.readStream(COMMAND_STREAM_PREFIX + commandId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        const data = r.event?.data as { nextVersion?: number; position?: string } | undefined
        if (data?.position) return { nextVersion: data.nextVersion!, position: data.position }
      }
    } catch {
      return undefined
    }
    return undefined
  }

  const store: EventStore = {
    name: 'kurrentdb',
    // KurrentDB has no transaction across streams: one append after another, each with its own checks.
    appendToStreams: (appends) => appendOneByOne(store, appends),
    async appendToStream(streamId, events, opts: AppendOptions) {
      const commandId = opts.commandId ?? events[0]!.metadata.commandId
      const previous = await recordedResult(commandId)
      if (previous) return { ...previous, duplicate: true }
      const expectedRevision: AppendExpectedRevision =
        opts.expectedVersion === 'any'
          ? ANY
          : opts.expectedVersion === 'no_stream' || opts.expectedVersion === 0
            ? NO_STREAM
            : BigInt(opts.expectedVersion - 1)
      try {
        const result = await client.appendToStream(
          streamId,
          events.map((e, i) =>
            jsonEvent({
              id: deterministicId(commandId, i),
              type: e.type,
              data: e.data as JSONType,
              metadata: { crm: e.metadata, schemaVersion: e.schemaVersion ?? 1 },
            }),
          ),
          { expectedRevision },
        )
        const nextVersion = Number(result.nextExpectedRevision) + 1
        const position = result.position ? makePosition(result.position.commit, result.position.prepare) : START
        await client.appendToStream(
          COMMAND_STREAM_PREFIX + commandId,
          jsonEvent({ type: 'CommandAppended', data: { streamId, nextVersion, position } }),
        )
        eventsAppended.inc(events.length)
        return { nextVersion, position, duplicate: false }
      } catch (error) {
        if (error instanceof KurrentWrongVersion) {
          const actual = typeof error.actualVersion === 'bigint' ? Number(error.actualVersion) + 1 : 0
          throw new WrongExpectedVersionError(streamId, opts.expectedVersion, actual)
        }
        throw error
      }
    },
    async readStream(streamId, { fromVersion = 1 } = {}) {
      const out: StoredEvent[] = []
      try {
        for await (const r of client.readStream(streamId, {
          fromRevision: BigInt(fromVersion - 1),
          direction: FORWARDS,
        })) {
          out.push(toStored(r))
        }
      } catch (error) {
        if ((error as { type?: string }).type === 'stream-not-found') return []
        throw error
      }
      return out
    },
    // One read per stream, a few at a time: KurrentDB has no read across chosen streams.
    async readStreams(streamIds) {
      const ids = [...new Set(streamIds)]
      const streams = new Map<string, StoredEvent[]>()
      for (let i = 0; i < ids.length; i += READS_IN_FLIGHT) {
        const batch = ids.slice(i, i + READS_IN_FLIGHT)
        const read = await Promise.all(batch.map((id) => store.readStream(id)))
        batch.forEach((id, j) => streams.set(id, read[j]!))
      }
      return streams
    },
    readAll,
    subscribe(subscribeOptions) {
      return pollingSubscription({
        ...subscribeOptions,
        readAll,
        pollIntervalMs: 1000,
        // A live $all subscription only wakes the reader; reading stays in one place (readAll).
        listen: async (wake) => {
          const live = client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() })
          live.on('data', () => wake())
          live.on('error', () => undefined)
          return async () => {
            await live.unsubscribe()
          }
        },
      })
    },
    async headPosition() {
      for await (const r of client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 50 })) {
        if (isProjectEvent(r)) return toStored(r).position
      }
      return START
    },
    async close() {
      await client.dispose()
    },
  }
  return store
}

/** A UUID-shaped id derived from the command id, so a retried command carries the same event ids. */
function deterministicId(commandId: string, index: number): string {
  const h = createHash('sha1').update(`${commandId}:${index}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`
}
