import type { Database } from '../db/database'
import type { EventStore, Upcasters } from './event-store'
import { createKurrentEventStore } from './kurrent-event-store'
import { createPostgresEventStore } from './postgres-event-store'
import { sealingPersonalData } from './personal-data'

/** KurrentDB when EVENTSTORE_URL is set, otherwise the PostgreSQL store in the read-model database. */
export async function createEventStore(
  database: Database,
  options: { eventStoreUrl?: string; upcasters?: Upcasters } = {},
): Promise<EventStore> {
  if (options.eventStoreUrl) {
    // The keys of personal data stay in the read-model database, apart from the events they open (decision 035).
    return sealingPersonalData(
      await createKurrentEventStore(options.eventStoreUrl, { upcasters: options.upcasters }),
      database,
    )
  }
  return createPostgresEventStore(database, { upcasters: options.upcasters })
}
