import type { EventStore, Position, StoredEvent } from '@crm/platform'
import type { DomainEvent } from './decider'

/** What folding a stream needs of an aggregate: its state before any event, and how one event changes it. */
export interface Fold<State, Event extends DomainEvent = DomainEvent> {
  initialState: State
  evolve(state: State, event: Event): State
}

/** An aggregate as its stream says now. */
export interface LoadedAggregate<State> {
  state: State
  /** The stream's version as read (0: no stream yet): the expected version of an append decided on `state`. */
  version: number
  /** Position of the last event read; null when nothing was read. */
  position: Position | null
  /** The events read, for the rare caller that needs more than the state (who wrote the first one, ...). */
  history: StoredEvent[]
}

/** Folds events read from a stream into state, from the initial state or from a state already folded. */
export function foldHistory<State, Event extends DomainEvent>(
  fold: Fold<State, Event>,
  history: readonly StoredEvent[],
  from: State = fold.initialState,
): State {
  return history.reduce((state, event) => fold.evolve(state, event as unknown as Event), from)
}

/**
 * Reads an aggregate's stream and folds it with the decider's evolve: the one way command-api loads an aggregate
 * (docs/decisions/055). `after` resumes from a state already folded up to its version, reading only what follows.
 */
export async function loadAggregate<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  fold: Fold<State, Event>,
  after?: { state: State; version: number },
): Promise<LoadedAggregate<State>> {
  const history = after
    ? await store.readStream(streamId, { fromVersion: after.version + 1 })
    : await store.readStream(streamId)
  const last = history.at(-1)
  return {
    state: foldHistory(fold, history, after ? after.state : fold.initialState),
    version: last?.streamVersion ?? after?.version ?? 0,
    position: last?.position ?? null,
    history,
  }
}
