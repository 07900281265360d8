import type { EventStore, Position, StoredEvent } from '@crm/platform'

export type ReadBatch = (after: Position) => Promise<StoredEvent[]>

/**
 * Every projection reads every event. While several backfill together (first start, a new version) they sit
 * at the same positions with the same batch boundaries, so one read serves them all instead of each parsing
 * the same thousands of events. A full batch never changes once read (the store only returns events no later
 * commit can precede), so it is kept for the laggards; a short batch is shared only while in flight.
 */
export function sharedReads(store: EventStore, limit: number, capacity = 16): ReadBatch {
  const batches = new Map<Position, Promise<StoredEvent[]>>()
  return (after) => {
    const cached = batches.get(after)
    if (cached) return cached
    const batch = store.readAll({ after, limit })
    batches.set(after, batch)
    batch.then(
      (events) => {
        if (events.length < limit) batches.delete(after)
      },
      () => batches.delete(after),
    )
    // Oldest first out: Map keeps insertion order.
    while (batches.size > capacity) batches.delete(batches.keys().next().value!)
    return batch
  }
}
