import type { EventMetadata } from '@crm/contracts'
import type { PersonalDataVault } from './personal-data'
import type { Position } from './position'

/** An event to append; ids and metadata are decided by the caller (deciders get time and ids from outside). */
export interface NewEvent<Type extends string = string, Data = unknown> {
  eventId: string
  type: Type
  data: Data
  metadata: EventMetadata
  /** Version of the data's shape; old versions are upcast on read. */
  schemaVersion?: number
}

export interface StoredEvent<Type extends string = string, Data = unknown> {
  eventId: string
  streamId: string
  /** 1-based version within the stream. */
  streamVersion: number
  position: Position
  type: Type
  data: Data
  metadata: EventMetadata
  schemaVersion: number
  createdAt: string
}

/** 'no_stream': the stream must not exist; 'any': no check; a number: the stream's current version must be it. */
export type ExpectedVersion = number | 'no_stream' | 'any'

export interface AppendResult {
  /** The stream's version after the append. */
  nextVersion: number
  /** Position of the last appended event. */
  position: Position
  /** True when the command id had already been appended: nothing new was written. */
  duplicate: boolean
}

export interface AppendOptions {
  expectedVersion: ExpectedVersion
  /** Idempotency key; defaults to the first event's metadata.commandId. */
  commandId?: string
}

/** One of the appends of appendToStreams. */
export interface StreamAppend {
  streamId: string
  events: NewEvent[]
  options: AppendOptions
}

/** What became of one append of appendToStreams: its result, or the conflict a stale expected version met. */
export type StreamAppendOutcome = ({ ok: true } & AppendResult) | { ok: false; error: WrongExpectedVersionError }

export interface Subscription {
  close(): Promise<void>
}

export interface SubscribeOptions {
  after: Position
  /** Called with each batch in global order; the next batch is read after the promise resolves. */
  onEvents(events: StoredEvent[]): Promise<void>
  onError?(error: unknown): void
  batchSize?: number
  /** Only these event types (server-side filter where the adapter can). */
  types?: readonly string[]
}

/** The event store port (docs/architecture.md, "The event store"). */
export interface EventStore {
  readonly name: string
  /** Erasure of personal data sealed in events (docs/decisions/035); absent on a store that keeps it in clear. */
  readonly personalData?: PersonalDataVault
  appendToStream(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>
  /**
   * Many appends for bulk work (a lead import's chunk): each is checked and applied exactly as appendToStream
   * would, and a stale expected version fails only that one (reported, not thrown). The PostgreSQL adapter
   * writes them in one transaction and one round trip; other adapters may write them one by one.
   */
  appendToStreams(appends: StreamAppend[]): Promise<StreamAppendOutcome[]>
  readStream(streamId: string, options?: { fromVersion?: number }): Promise<StoredEvent[]>
  /**
   * Several whole streams at once, for bulk work that decides on many of them (a re-imported chunk of leads):
   * each id maps to its events in version order (none: an empty list). The PostgreSQL adapter reads them in one
   * round trip; other adapters may read them one by one.
   */
  readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>>
  /** Events after `after` in global order, only from finished writes, at most `limit`. */
  readAll(options: { after: Position; limit: number; types?: readonly string[] }): Promise<StoredEvent[]>
  subscribe(options: SubscribeOptions): Subscription
  /** The position of the last event a reader can see now. */
  headPosition(): Promise<Position>
  close(): Promise<void>
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`)
    this.name = 'WrongExpectedVersionError'
  }
}

/** Upcasts old event shapes to the current one on read; events are never rewritten. */
export type Upcaster = (event: { type: string; data: unknown; schemaVersion: number }) => {
  data: unknown
  schemaVersion: number
}
export type Upcasters = Record<string, Upcaster>

export function upcast(upcasters: Upcasters | undefined, event: StoredEvent): StoredEvent {
  const upcaster = upcasters?.[event.type]
  if (!upcaster) return event
  const { data, schemaVersion } = upcaster(event)
  return { ...event, data, schemaVersion }
}
