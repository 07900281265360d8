import { describe } from 'vitest'
import { databaseTargets } from '../testing/test-database'
import { describeEventStoreContract } from './event-store.contract'
import { createPostgresEventStore } from './postgres-event-store'
import { createKurrentEventStore } from './kurrent-event-store'

for (const target of databaseTargets()) {
  describeEventStoreContract(target.name, async () => {
    const database = await target.create()
    const store = await createPostgresEventStore(database, { pollIntervalMs: 100 })
    return { store, close: () => database.close() }
  })
}

const eventStoreUrl = process.env.EVENTSTORE_URL
if (eventStoreUrl) {
  describeEventStoreContract('kurrentdb', async () => {
    const store = await createKurrentEventStore(eventStoreUrl)
    return { store, close: () => store.close() }
  })
} else {
  describe.skip('event store contract: kurrentdb (skipped: EVENTSTORE_URL is not set and no Docker engine is reachable)', () => {})
}
