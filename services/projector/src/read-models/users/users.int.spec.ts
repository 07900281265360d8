import type { Database } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stored, userRegistered } from '../../testing/test-events'
import { randomUUID } from 'node:crypto'
import { usersProjection } from './users.projection'

const change = (type: string, data: object) => ({
  eventId: randomUUID(),
  type,
  data,
  metadata: {
    commandId: randomUUID(),
    userId: null,
    divisionId: 15,
    correlationId: 'c',
    causationId: null,
    occurredAt: '2024-02-01T00:00:00.000Z',
  },
})

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
          manager_id: null,
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
          updated_at: new Date(rep.metadata.occurredAt),
        },
      ])
      const { rows: found } = await sql`select user_id from users_test where lower(email) = 'rep@example.com'`.execute(
        database.db,
      )
      expect(found).toHaveLength(1)
    })

    it('applies profile, permission, password and deactivation changes; a replay ends in the same row', async () => {
      const user = userRegistered({ email: 'changes@example.com' })
      const id = user.data.userId
      const stream = `user-${id}`
      const batch = [
        stored(user, stream, 1, 10),
        stored(
          change('UserDetailsChanged', {
            userId: id,
            email: 'changed@example.com',
            name: 'New Name',
            divisionId: 2,
            managerId: null,
          }),
          stream,
          2,
          11,
        ),
        stored(change('UserPermissionsChanged', { userId: id, permissions: ['manager'] }), stream, 3, 12),
        stored(
          change('UserProfileUpdated', {
            userId: id,
            phoneNumber: '(555) 010-0000',
            activePhone: null,
            officeExt: '7',
            signature: 'S',
            expectations: { day: 5 },
          }),
          stream,
          4,
          13,
        ),
        stored(change('UserOptionsUpdated', { userId: id, options: { compact: true } }), stream, 5, 14),
        stored(change('UserPasswordChanged', { userId: id, passwordHash: 'new-hash', by: 'self' }), stream, 6, 15),
        stored(change('UserDeactivated', { userId: id }), stream, 7, 16),
      ]
      for (let i = 0; i < 2; i++) {
        await database.db.transaction().execute((trx) => usersProjection.applyBatch(trx, batch, tables))
      }
      const { rows } = await sql`select * from users_test where user_id = ${id}::uuid`.execute(database.db)
      expect(rows[0]).toMatchObject({
        email: 'changed@example.com',
        name: 'New Name',
        division_id: 2,
        permissions: ['manager'],
        phone_number: '(555) 010-0000',
        office_ext: '7',
        signature: 'S',
        expectations: { day: 5 },
        options: { compact: true },
        password_hash: 'new-hash',
        disabled: true,
      })
    })
  })
}
