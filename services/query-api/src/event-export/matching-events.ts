import { withoutSecrets, type EventFilter } from '@crm/contracts'
import { START, type EventStore, type StoredEvent } from '@crm/platform'

export type EventSource = Pick<EventStore, 'readAll' | 'headPosition'>

const BATCH = 500

/** Does the event pass the filter's stream prefix and time window (types are filtered by the store)? */
function passes(event: StoredEvent, filter: EventFilter, from?: number, to?: number): boolean {
  if (filter.streamPrefix && !event.streamId.startsWith(filter.streamPrefix)) return false
  if (from === undefined && to === undefined) return true
  const at = Date.parse(event.metadata.occurredAt)
  return (from === undefined || at >= from) && (to === undefined || at <= to)
}

/**
 * The events the filter names, in the store's global order, from after `filter.after` up to `filter.until`,
 * at most `limit`. Each carries its position: resuming with `after` = the last one received loses and repeats
 * nothing. Credentials are stripped as in the history.
 */
export async function* matchingEvents(
  store: EventSource,
  filter: EventFilter,
  limit = Number.POSITIVE_INFINITY,
): AsyncGenerator<StoredEvent> {
  const types = filter.types?.split(',').filter(Boolean)
  const from = filter.from ? Date.parse(filter.from) : undefined
  const to = filter.to ? Date.parse(filter.to) : undefined
  let after = filter.after ?? START
  let sent = 0
  while (sent < limit) {
    const batch = await store.readAll({ after, limit: BATCH, ...(types && { types }) })
    if (batch.length === 0) return
    for (const event of batch) {
      if (filter.until && event.position > filter.until) return
      after = event.position
      if (!passes(event, filter, from, to)) continue
      yield { ...event, data: withoutSecrets(event.data) }
      if (++sent >= limit) return
    }
  }
}
