import { eventSchemaVersions } from '@crm/contracts'
import { WrongExpectedVersionError, conflict, type EventStore, type NewEvent, type Position } from '@crm/platform'
import type { CommandEnvelope } from './command-envelope'
import type { Decider, DomainEvent } from './decider'
import { idsFor } from './ids'

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
 * command is then decided once more on fresh state (it may now be refused), and a second conflict is a 409.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: Command,
  envelope: CommandEnvelope,
  now: Date = new Date(),
): Promise<CommandResult<Event>> {
  if (decider.startsStream?.(command)) {
    const created = await attemptCreate(store, decider, streamId, command, envelope, now)
    if (created) return created
  }
  for (let attempt = 0; ; attempt++) {
    try {
      return await attemptCommand(store, decider, streamId, command, envelope, now)
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error
      if (attempt >= 1) throw conflict()
    }
  }
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

async function attemptCommand<State, Command, Event extends DomainEvent>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: Command,
  envelope: CommandEnvelope,
  now: Date,
): Promise<CommandResult<Event>> {
  const history = await store.readStream(streamId)
  const version = history.at(-1)?.streamVersion ?? 0
  // Already handled on this stream: answer with the first result instead of deciding again (which could
  // now refuse, e.g. "already exists").
  const earlier = history.filter((e) => e.metadata.commandId === envelope.commandId)
  if (earlier.length > 0) return { position: earlier.at(-1)!.position, version, events: [], duplicate: true }

  const state = history.reduce((s, e) => decider.evolve(s, e as unknown as Event), decider.initialState)
  const events = decider.decide(state, command, { now, ids: idsFor(envelope.commandId) })
  if (events.length === 0) return { position: history.at(-1)?.position ?? null, version, events, duplicate: false }

  const result = await store.appendToStream(streamId, toNewEvents(events, envelope, now), {
    expectedVersion: version === 0 ? 'no_stream' : version,
    commandId: envelope.commandId,
  })
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
  now: Date = new Date(),
): Promise<Position | null> {
  if (events.length === 0) return null
  const result = await store.appendToStream(streamId, toNewEvents(events, envelope, now), {
    expectedVersion: 'any',
    commandId: envelope.commandId,
  })
  return result.position
}
