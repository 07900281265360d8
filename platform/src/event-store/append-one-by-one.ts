import { WrongExpectedVersionError, type EventStore, type StreamAppend, type StreamAppendOutcome } from './event-store'

/** appendToStreams for adapters without multi-stream transactions (and the PostgreSQL adapter's fallback). */
export async function appendOneByOne(store: EventStore, appends: StreamAppend[]): Promise<StreamAppendOutcome[]> {
  const outcomes: StreamAppendOutcome[] = []
  for (const { streamId, events, options } of appends) {
    try {
      outcomes.push({ ok: true, ...(await store.appendToStream(streamId, events, options)) })
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error
      outcomes.push({ ok: false, error })
    }
  }
  return outcomes
}
