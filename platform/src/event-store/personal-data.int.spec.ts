import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { databaseTargets } from '../testing/test-database'
import type { EventStore } from './event-store'
import { createPostgresEventStore } from './postgres-event-store'
import { testEvent } from './test-events'

/**
 * Sealing on the create path (docs/decisions/057): a create's new key is written with its append, so creates that
 * arrive together cost one statement (one round trip, one commit) for all, keys included, rather than three
 * round trips each; and every value still reads back, under the right key.
 */
for (const target of databaseTargets()) {
  describe(`personal data keys of concurrent creates (${target.name})`, () => {
    let database: Database
    let store: EventStore
    const statements: string[] = []

    beforeAll(async () => {
      database = await target.create()
      // The same database, with every statement on the key table noted.
      const counted: Database = {
        ...database,
        query: (text, values, name) => {
          statements.push(text)
          return database.query(text, values, name)
        },
      }
      store = await createPostgresEventStore(counted, { pollIntervalMs: 100 })
    })
    afterAll(async () => {
      await store.close()
      await database.close()
    })

    it('writes the creates that arrive together and their new keys in one statement', async () => {
      const contacts = Array.from({ length: 20 }, (_, i) => ({ id: randomUUID(), name: `Sealed Freight ${i}` }))
      statements.length = 0
      await Promise.all(
        contacts.map((c) =>
          store.appendToStream(`contact-${c.id}`, [testEvent('ContactCreated', { contactId: c.id, name: c.name })], {
            expectedVersion: 'no_stream',
          }),
        ),
      )
      // One statement per group (at most two groups in flight), never a key round trip of its own per create.
      expect(statements.length).toBeGreaterThan(0)
      expect(statements.length).toBeLessThanOrEqual(2)
      expect(statements.every((text) => text.includes('crm_append_many_with_keys'))).toBe(true)

      for (const c of contacts) {
        const [event] = await store.readStream(`contact-${c.id}`)
        expect((event?.data as { name?: string }).name).toBe(c.name)
      }
      const stored = await database.query<{ data: { name: string } }>(
        `select data from events where stream_id = any($1::text[])`,
        [contacts.map((c) => `contact-${c.id}`)],
      )
      expect(stored).toHaveLength(contacts.length)
      expect(stored.some((row) => contacts.some((c) => JSON.stringify(row.data).includes(c.name)))).toBe(false)
      const keys = await database.query<{ n: string }>(
        'select count(*)::text as n from personal_data_keys where subject_id = any($1::text[])',
        [contacts.map((c) => c.id)],
      )
      expect(Number(keys[0]!.n)).toBe(contacts.length)
    })

    it('seals under the key a subject has already, made by another process, and answers a repeated create', async () => {
      const id = randomUUID()
      const created = testEvent('ContactCreated', { contactId: id, name: 'First Name Trucking' })
      await store.appendToStream(`contact-${id}`, [created], { expectedVersion: 'no_stream' })
      // Another process (a cache of its own) creates a stream under the same subject: its new key is refused, and
      // its event is sealed under the stored one; nothing of the refused attempt is written.
      const other = await createPostgresEventStore(database, { pollIntervalMs: 100 })
      try {
        await other.appendToStream(
          `contact-${id}-copy`,
          [testEvent('ContactCreated', { contactId: id, name: 'Copy' })],
          {
            expectedVersion: 'no_stream',
          },
        )
        const again = await other.appendToStream(`contact-${id}`, [created], { expectedVersion: 'no_stream' })
        expect(again.duplicate).toBe(true)
      } finally {
        await other.close()
      }
      const names = async (stream: string) =>
        (await store.readStream(stream)).map((e) => (e.data as { name: string }).name)
      expect(await names(`contact-${id}`)).toEqual(['First Name Trucking'])
      expect(await names(`contact-${id}-copy`)).toEqual(['Copy'])
    })
  })
}
