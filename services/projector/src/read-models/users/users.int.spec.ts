import type { Database } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stored, userRegistered } from '../../testing/test-events'
import { usersProjection } from './users.projection'

for (const target of databaseTargets()) {
  describe(`users read model (${target.name})`, () => {
    let database: Database
    const tables = { users: 'users_test' }
    beforeAll(async () => {
      database = await target.create()
      await database.db.transaction().execute((trx) => usersProjection.migrate(trx, tables))
    })
    afterAll(() => database.close())

    it('adds registered users as login reads them; a replay or an email clash keeps the first row', async () => {
      const rep = userRegistered({ email: 'Rep@Example.com', permissions: ['manager', 'delete-contact'] as never })
      const clash = userRegistered({ email: 'rep@example.COM', name: 'Someone Else' })
      const batch = [stored(rep, `user-${rep.data.userId}`, 1, 1), stored(clash, `user-${clash.data.userId}`, 1, 2)]
      for (let i = 0; i < 2; i++) {
        await database.db.transaction().execute((trx) => usersProjection.applyBatch(trx, batch, tables))
      }
      const { rows } = await sql`select * from users_test`.execute(database.db)
      expect(rows).toEqual([
        {
          user_id: rep.data.userId,
          email: 'Rep@Example.com',
          name: 'Sam Rep',
          division_id: 15,
          permissions: ['manager', 'delete-contact'],
          password_hash: rep.data.passwordHash,
          phone_number: null,
          active_phone: null,
          office_ext: null,
          signature: null,
          options: {},
          expectations: {},
          disabled: false,
          created_at: new Date(rep.metadata.occurredAt),
        },
      ])
      const { rows: found } = await sql`select user_id from users_test where lower(email) = 'rep@example.com'`.execute(
        database.db,
      )
      expect(found).toHaveLength(1)
    })
  })
}
