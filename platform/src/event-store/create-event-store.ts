import type { Database } from '../db/database'
import type { EventStore, Upcasters } from './event-store'
import { createKurrentEventStore } from './kurrent-event-store'
import { createPostgresEventStore } from './postgres-event-store'

/** KurrentDB when EVENTSTORE_URL is set, otherwise the PostgreSQL store in the read-model database. */
export async function createEventStore(
  database: Database,
  options: { eventStoreUrl?: string; upcasters?: Upcasters } = {},
): Promise<EventStore> {
  if (options.eventStoreUrl) return createKurrentEventStore(options.eventStoreUrl, { upcasters: options.upcasters })
  return createPostgresEventStore(database, { upcasters: options.upcasters })
}
