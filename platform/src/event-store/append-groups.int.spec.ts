import { describe, expect, it } from 'vitest'
import { databaseTargets } from '../testing/test-database'
import { createPostgresEventStore } from './postgres-event-store'
import { parsePosition } from './position'
import { testEvent } from './test-events'

describe.each(databaseTargets())('PostgreSQL event store append groups on $name', (target) => {
  it('writes the appends of callers that arrive in the same turn in one transaction, each with its own answer', async () => {
    const database = await target.create()
    try {
      const store = await createPostgresEventStore(database)
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          store.appendToStream(`group-${i}`, [testEvent('Noted', { i })], { expectedVersion: 'no_stream' }),
        ),
      )
      // The writing transaction's id is the first half of a position.
      const transactions = new Set(answers.map((a) => parsePosition(a.position)[0]))
      expect(transactions.size).toBe(1)
      expect(new Set(answers.map((a) => a.position)).size).toBe(8)
      expect(answers.every((a) => a.nextVersion === 1 && !a.duplicate)).toBe(true)
    } finally {
      await database.close()
    }
  })
})
