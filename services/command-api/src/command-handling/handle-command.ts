import { eventSchemaVersions } from '@crm/contracts'
import {
  WrongExpectedVersionError,
  conflict,
  currentTime,
  type EventStore,
  type NewEvent,
  type Position,
  type StoredEvent,
  type StreamAppend,
} from '@crm/platform'
import { setTimeout as sleep } from 'node:timers/promises'
import type { CommandEnvelope } from './command-envelope'
import type { Decider, DomainEvent } from './decider'
import { idsFor } from './ids'
import { foldHistory } from './load-aggregate'

export interface CommandResult<Event> {
  /** Position of the last event of this command (of the first run, for a repeated command). */
  position: Position | null
  /** The stream's version afterwards. */
  version: number
  /** What this run appended; empty when the command had already been handled or decided nothing. */
  events: Event[]
  duplicate: boolean
}

/**
 * Load → fold → decide → append with the expected version. A concurrent writer makes the append fail; the
 * command is then decided again on fresh state (it may now be refused), after a short random pause, up to
 * MAX_ATTEMPTS decisions in all: a conflict that persists past them is a 409 (docs/decisions/059).
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: Command,
  envelope: CommandEnvelope,
  now: Date = currentTime(),
): Promise<CommandResult<Event>> {
  if (decider.startsStream?.(command)) {
    const created = await attemptCreate(store, decider, streamId, command, envelope, now)
    if (created) return created
  }
  for (let attempt = 1; ; attempt++) {
    const started = performance.now()
    try {
      return await attemptCommand(store, decider, streamId, command, envelope, now)
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error
      if (attempt >= MAX_ATTEMPTS) throw conflict()
      await backOff(attempt, performance.now() - started)
    }
  }
}

/**
 * Decisions of one command before a conflict is answered 409. A stream that unrelated requests share (a user's
 * notifications) meets bursts of writers; each lost race means another writer got in, so deciding again always
 * makes progress, and the bound only caps how long an unlucky request waits (docs/decisions/059).
 */
export const MAX_ATTEMPTS = 10

/**
 * A random pause of up to 2, 4, ... 64 slots, a slot being as long as the attempt that lost (1-20 ms): writers
 * that met on a stream spread out instead of reading and losing together again, over a window that widens with
 * each loss, and in step with how slow attempts are just then (on a loaded machine the window must be wider).
 * The cap keeps one stalled attempt (a slow database) from turning into pauses of seconds.
 */
function backOff(attempt: number, lostMs: number): Promise<void> {
  const slot = Math.min(Math.max(lostMs, 1), 20)
  return sleep(Math.random() * 2 ** Math.min(attempt, 6) * slot)
}

/**
 * The create path: a new stream has no history to read, so the read before the append is a wasted round trip
 * on the busiest command (measured in bench/). The append's 'no_stream' check and its command-id check make
 * this safe: a repeated command is answered by the store with the first result; an existing stream, or a
 * decision that fails here, falls back to the full path (undefined), which decides on the stream as it is.
 */
async function attemptCreate<State, Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: Command,
  envelope: CommandEnvelope,
  now: Date,
): Promise<CommandResult<Event> | undefined> {
  let events: Event[]
  try {
    events = decider.decide(decider.initialState, command, { now, ids: idsFor(envelope.commandId) })
  } catch {
    return undefined
  }
  if (events.length === 0) return undefined
  try {
    const result = await store.appendToStream(streamId, toNewEvents(events, envelope, now), {
      expectedVersion: 'no_stream',
      commandId: envelope.commandId,
    })
    return {
      position: result.position,
      version: result.nextVersion,
      events: result.duplicate ? [] : events,
      duplicate: result.duplicate,
    }
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return undefined
    throw error
  }
}

function toNewEvents<Event extends DomainEvent>(events: Event[], envelope: CommandEnvelope, now: Date): NewEvent[] {
  const eventIds = idsFor(envelope.commandId, 'event')
  return events.map((e) => ({
    eventId: eventIds.next(),
    type: e.type,
    data: e.data,
    metadata: { ...envelope, occurredAt: now.toISOString() },
    // The shape version the data is written in (docs/decisions/034): readers of older ones go through upcasters.
    schemaVersion: eventSchemaVersions[e.type] ?? 1,
  }))
}

/** What a command decides on a stream's history as read. */
export type DecisionOnHistory<Event> =
  /** Already handled on this stream: the first result stands (deciding again could now refuse). */
  | { duplicate: true; position: Position; version: number }
  /** The events to append at `version` (none: nothing to do), and the append that writes them. */
  | {
      duplicate: false
      position: Position | null
      version: number
      events: Event[]
      append: StreamAppend | null
    }

/**
 * Fold → decide on a stream's history that the caller read (alone, or with other streams for bulk work):
 * the append it answers expects the version read, so a writer in between makes it fail, never overwrite.
 */
export function decideOnHistory<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  streamId: string,
  history: StoredEvent[],
  command: Command,
  envelope: CommandEnvelope,
  now: Date,
): DecisionOnHistory<Event> {
  const version = history.at(-1)?.streamVersion ?? 0
  const earlier = history.filter((e) => e.metadata.commandId === envelope.commandId)
  if (earlier.length > 0) return { duplicate: true, position: earlier.at(-1)!.position, version }
  const state = foldHistory(decider, history)
  const events = decider.decide(state, command, { now, ids: idsFor(envelope.commandId) })
  const position = history.at(-1)?.position ?? null
  if (events.length === 0) return { duplicate: false, position, version, events, append: null }
  const append: StreamAppend = {
    streamId,
    events: toNewEvents(events, envelope, now),
    options: { expectedVersion: version === 0 ? 'no_stream' : version, commandId: envelope.commandId },
  }
  return { duplicate: false, position, version, events, append }
}

async function attemptCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: Command,
  envelope: CommandEnvelope,
  now: Date,
): Promise<CommandResult<Event>> {
  const decision = decideOnHistory(decider, streamId, await store.readStream(streamId), command, envelope, now)
  if (decision.duplicate) return { position: decision.position, version: decision.version, events: [], duplicate: true }
  const { append, events, version, position } = decision
  if (!append) return { position, version, events, duplicate: false }
  const result = await store.appendToStream(streamId, append.events, append.options)
  return {
    position: result.position,
    version: result.nextVersion,
    events: result.duplicate ? [] : events,
    duplicate: result.duplicate,
  }
}

/**
 * Appends without reading the stream: for a log with no rule to decide (a synced page of the phone's call log),
 * where reading a long stream on every append would be waste. The command id still makes a retry append once.
 */
export async function appendToLog<Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  events: Event[],
  envelope: CommandEnvelope,
  now: Date = currentTime(),
): Promise<Position | null> {
  if (events.length === 0) return null
  const result = await store.appendToStream(streamId, toNewEvents(events, envelope, now), {
    expectedVersion: 'any',
    commandId: envelope.commandId,
  })
  return result.position
}
