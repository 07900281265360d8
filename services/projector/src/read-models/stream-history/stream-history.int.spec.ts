import type { Database } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACTING_USER, contactCreated, stored, userRegistered } from '../../testing/test-events'
import { streamHistoryProjection } from './stream-history.projection'

for (const target of databaseTargets()) {
  describe(`stream_history read model (${target.name})`, () => {
    let database: Database
    const tables = { stream_history: 'stream_history_test' }
    beforeAll(async () => {
      database = await target.create()
      await database.db.transaction().execute((trx) => streamHistoryProjection.migrate(trx, tables))
    })
    afterAll(() => database.close())

    it('writes who did what and when for every event of every stream, without credentials', async () => {
      const contact = contactCreated({ name: 'Acme Trucking', divisionId: 15, statusId: 1 })
      const user = userRegistered({ name: 'Sam Rep', email: 'sam@example.com' })
      const unknown = { ...contactCreated(), type: 'ContactRedFlagRaised', data: { note: 'late payments' } }
      const batch = [
        stored(contact, `contact-${contact.data.contactId}`, 1, 1),
        stored(user, `user-${user.data.userId}`, 1, 2),
        stored(unknown, `contact-${contact.data.contactId}`, 2, 3),
      ]
      for (let i = 0; i < 2; i++) {
        await database.db.transaction().execute((trx) => streamHistoryProjection.applyBatch(trx, batch, tables))
      }
      const { rows } = await sql<Record<string, unknown>>`
        select stream_id, stream_version, position, event_type, summary, user_id, division_id, occurred_at, data
        from stream_history_test order by position`.execute(database.db)
      expect(
        rows.map((r) => [r.stream_id, r.stream_version, r.event_type, r.summary, r.user_id, r.division_id]),
      ).toEqual([
        [
          `contact-${contact.data.contactId}`,
          1,
          'ContactCreated',
          'Created contact Acme Trucking as Lead in {division:15}',
          ACTING_USER,
          15,
        ],
        [`user-${user.data.userId}`, 1, 'UserRegistered', 'Registered user Sam Rep (sam@example.com)', ACTING_USER, 15],
        [`contact-${contact.data.contactId}`, 2, 'ContactRedFlagRaised', 'Contact red flag raised', ACTING_USER, 15],
      ])
      expect(rows[0]!.position).toBe(batch[0]!.position)
      expect(rows[0]!.occurred_at).toEqual(new Date(contact.metadata.occurredAt))
      expect(rows[0]!.data).toEqual(contact.data)
      expect(rows[1]!.data).not.toHaveProperty('passwordHash')
      expect(rows[1]!.data).toMatchObject({ email: 'sam@example.com' })
    })
  })
}
