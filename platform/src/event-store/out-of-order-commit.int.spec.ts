import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createIsolatedPostgres, postgresUrl } from '../testing/test-database'
import { findDeliveryDefects } from './event-store.contract'
import type { StoredEvent } from './event-store'
import { createPostgresEventStore } from './postgres-event-store'
import { START } from './position'
import { testEvent } from './test-events'

const url = postgresUrl()

/**
 * Two transactions that commit in the opposite order to their global positions: the case a plain
 * "global_position > last seen" reader gets wrong. Needs two connections, so real PostgreSQL only.
 */
describe.skipIf(!url)('reading in global order while an earlier transaction is still open (postgres)', () => {
  it('delivers the late-committing event, which a naive position reader loses', async () => {
    const database = await createIsolatedPostgres(url!)
    try {
      const store = await createPostgresEventStore(database)
      let releaseSlowWriter!: () => void
      const slowWriterMayCommit = new Promise<void>((resolve) => (releaseSlowWriter = resolve))
      const slow = testEvent('Slow')
      let slowWriterInserted!: () => void
      const slowInserted = new Promise<void>((resolve) => (slowWriterInserted = resolve))
      // Transaction A takes the lower global position first and commits last.
      const slowWriter = database.db.transaction().execute(async (trx) => {
        await sql`insert into events (event_id, stream_id, stream_version, type, data, metadata)
                  values (${slow.eventId}, 'slow-1', 1, 'Slow', '{}'::jsonb, ${JSON.stringify(slow.metadata)}::jsonb)`.execute(
          trx,
        )
        slowWriterInserted()
        await slowWriterMayCommit
      })
      await slowInserted
      const fast = testEvent('Fast')
      await store.appendToStream('fast-1', [fast], { expectedVersion: 'no_stream' })

      const proper: StoredEvent[] = []
      const naive: StoredEvent[] = []
      let naiveAfter = 0n
      const naiveRead = async () => {
        const { rows } = await sql<{ gp: string; event_id: string; stream_id: string; stream_version: number }>`
          select global_position::text as gp, event_id, stream_id, stream_version from events
          where global_position > ${naiveAfter.toString()}::bigint order by global_position`.execute(database.db)
        for (const r of rows) {
          naive.push({ eventId: r.event_id, streamId: r.stream_id, streamVersion: r.stream_version } as StoredEvent)
          naiveAfter = BigInt(r.gp)
        }
      }
      proper.push(...(await store.readAll({ after: START, limit: 100 })))
      await naiveRead()
      expect(proper).toEqual([]) // the fast event waits behind the open transaction
      expect(naive.map((e) => e.eventId)).toEqual([fast.eventId])

      releaseSlowWriter()
      await slowWriter
      proper.push(...(await store.readAll({ after: proper.at(-1)?.position ?? START, limit: 100 })))
      await naiveRead()

      const committed = [slow.eventId, fast.eventId]
      expect(findDeliveryDefects(proper, committed)).toEqual([])
      expect(findDeliveryDefects(naive, committed)).toEqual([`missing ${slow.eventId}`])
    } finally {
      await database.close()
    }
  })
})
