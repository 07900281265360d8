import { randomUUID } from 'node:crypto'
import { createPostgresEventStore, type Database } from '@crm/platform'

/** Single-event appends per second with `writers` concurrent writers, each on its own streams. */
export async function eventStoreAppendsPerSecond(database: Database, writers: number, seconds: number): Promise<number> {
  const store = await createPostgresEventStore(database)
  const deadline = Date.now() + seconds * 1000
  let appended = 0
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      let i = 0
      while (Date.now() < deadline) {
        const commandId = randomUUID()
        await store.appendToStream(
          `bench-${w}-${i % 100}`,
          [
            {
              eventId: randomUUID(),
              type: 'BenchEventAppended',
              data: { name: 'Acme Trucking', i },
              metadata: {
                commandId,
                userId: null,
                divisionId: 15,
                correlationId: commandId,
                causationId: null,
                occurredAt: new Date().toISOString(),
              },
            },
          ],
          { expectedVersion: 'any' },
        )
        appended++
        i++
      }
    }),
  )
  return appended / seconds
}
