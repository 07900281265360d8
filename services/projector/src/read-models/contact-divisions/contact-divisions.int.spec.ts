import type { Database } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactCreated, stored } from '../../testing/test-events'
import { contactDivisionsProjection } from './contact-divisions.projection'

for (const target of databaseTargets()) {
  describe(`contact_divisions read model (${target.name})`, () => {
    let database: Database
    const tables = { contact_divisions: 'contact_divisions_test' }
    beforeAll(async () => {
      database = await target.create()
      await database.db.transaction().execute((trx) => contactDivisionsProjection.migrate(trx, tables))
    })
    afterAll(() => database.close())

    it('records the division, status and assignee a contact was created with, once', async () => {
      const assigned = '22222222-2222-4222-8222-222222222222'
      const lead = contactCreated({ divisionId: 15, statusId: 1, assigned })
      const prospect = contactCreated({ divisionId: 3, statusId: 2 })
      const batch = [
        stored(lead, `contact-${lead.data.contactId}`, 1, 1),
        stored(prospect, `contact-${prospect.data.contactId}`, 1, 2),
      ]
      for (let i = 0; i < 2; i++) {
        await database.db.transaction().execute((trx) => contactDivisionsProjection.applyBatch(trx, batch, tables))
      }
      const { rows } = await sql`
        select contact_id, division_id, status_id, grade, stage, assigned, updated_at, version
        from contact_divisions_test order by division_id`.execute(database.db)
      expect(rows).toEqual([
        {
          contact_id: prospect.data.contactId,
          division_id: 3,
          status_id: 2,
          grade: null,
          stage: null,
          assigned: null,
          updated_at: new Date(prospect.metadata.occurredAt),
          version: 1,
        },
        {
          contact_id: lead.data.contactId,
          division_id: 15,
          status_id: 1,
          grade: null,
          stage: null,
          assigned,
          updated_at: new Date(lead.metadata.occurredAt),
          version: 1,
        },
      ])
    })
  })
}
