/** What every aggregate provides to the generic command handler (docs/architecture.md, "Write side"). */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type
  data: Data
}

/** Everything a decider may not produce itself: the clock and fresh ids. */
export interface DecideContext {
  now: Date
  ids: IdSource
}

export interface IdSource {
  /** A new UUID; deterministic per command, so a retried or repeated command gets the same ids. */
  next(): string
}

export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: State
  evolve(state: State, event: Event): State
  /** Pure: events to append, or a thrown DomainError with the user-facing message. */
  decide(state: State, command: Command, context: DecideContext): Event[]
  /**
   * True for commands that start a new stream (a create): the handler then decides on the initial state and
   * appends with 'no_stream' without reading the stream first, and reads only if the stream turns out to exist.
   */
  startsStream?(command: Command): boolean
}
