import { randomUUID } from 'node:crypto'
import { createDatabase, createPostgresEventStore } from '@crm/platform'

export interface AppendsResult {
  perSecond: number
  appended: number
  seconds: number
}

/**
 * Single-event appends per second with `writers` concurrent writers, each on its own streams (100 each, so
 * the per-stream advisory lock and the stream row are taken as in real use, without one hot stream), with
 * 'any' as expected version and a fresh command id per append, through the store's public API.
 */
export async function eventStoreAppendsPerSecond(
  url: string,
  writers: number,
  seconds: number,
): Promise<AppendsResult> {
  const database = await createDatabase({ url, poolSize: writers + 2 })
  try {
    const store = await createPostgresEventStore(database)
    // Warm-up: connections opened and statements planned before the clock starts.
    await Promise.all(Array.from({ length: writers }, (_, w) => append(w, -1)))
    const started = performance.now()
    const deadline = started + seconds * 1000
    let appended = 0
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        for (let i = 0; performance.now() < deadline; i++) {
          await append(w, i)
          appended++
        }
      }),
    )
    const elapsed = (performance.now() - started) / 1000
    return { perSecond: appended / elapsed, appended, seconds: elapsed }

    async function append(w: number, i: number) {
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
    }
  } finally {
    await database.close()
  }
}
