import type { Database } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tableDigest } from '../../testing/db-helpers'
import { contactCreated, stored, userRegistered } from '../../testing/test-events'
import { contactsListProjection } from './contacts-list.projection'

for (const target of databaseTargets()) {
  describe(`contacts_list read model (${target.name})`, () => {
    let database: Database
    const tables = { contacts_list: 'contacts_list_test' }
    const apply = (events: Parameters<typeof contactsListProjection.applyBatch>[1]) =>
      database.db.transaction().execute((trx) => contactsListProjection.applyBatch(trx, events, tables))

    beforeAll(async () => {
      database = await target.create()
      await database.db.transaction().execute((trx) => contactsListProjection.migrate(trx, tables))
    })
    afterAll(() => database.close())

    it('turns a ContactCreated into the list row with SPEC field names mapped to its columns', async () => {
      const created = contactCreated({ name: 'Acme Trucking', importDate: '2024-03-01T12:00:00.000Z' })
      await apply([stored(created, `contact-${created.data.contactId}`, 1, 1)])
      const { rows } = await sql`select * from contacts_list_test where id = ${created.data.contactId}`.execute(
        database.db,
      )
      expect(rows[0]).toEqual({
        id: created.data.contactId,
        name: 'Acme Trucking',
        dba: 'Acme',
        owner_name: 'Jane Roe',
        email: 'dispatch@acme.example',
        business_phone: '(555) 111-2222',
        mobile_phone: '(555) 333-4444',
        home_phone: null,
        street1: '1 Main St',
        city: 'Dallas',
        state: 'TX',
        zip: '75001',
        country: 'US',
        mc_number: 'MC123456',
        dot_number: '7654321',
        contact_category: 1,
        organization_type_id: 7,
        nationality_id: 2,
        company_type_id: 3,
        number_of_trucks: 12,
        date_established: expect.anything(),
        import_date: new Date('2024-03-01T12:00:00.000Z'),
        last_contact_date: null,
        last_meeting_date: null,
        opened_flags: 0,
        preferred_language: 'Spanish',
        created_at: new Date(created.metadata.occurredAt),
        created_by: created.metadata.userId,
        version: 1,
        deleted: false,
        safer_phone: null,
        safer_mobile_phone: null,
        is_rfp: false,
        is_mfp: false,
        is_credit_app: false,
        is_online_form: false,
        rfp_date: null,
        mfp_date: null,
        credit_app_date: null,
        online_form_date: null,
        current_balance: null,
        days_late: null,
        last_collection_activity: null,
        out_of_business: false,
        merged_into: null,
        business_cards: [],
      })
      const { rows: day } = await sql<{ d: string }>`
        select date_established::text as d from contacts_list_test where id = ${created.data.contactId}`.execute(
        database.db,
      )
      expect(day[0]!.d).toBe('2010-04-01')
    })

    it('stores cleared optional fields and an id that is not a uuid as null instead of failing the batch', async () => {
      const created = contactCreated({ email: '', dba: '', address: undefined, numberOfTrucks: undefined })
      created.metadata.userId = 'system'
      await apply([stored(created, `contact-${created.data.contactId}`, 1, 2)])
      const { rows } = await sql<Record<string, unknown>>`
        select email, dba, street1, state, number_of_trucks, created_by from contacts_list_test
        where id = ${created.data.contactId}`.execute(database.db)
      expect(rows[0]).toEqual({
        email: null,
        dba: null,
        street1: null,
        state: null,
        number_of_trucks: null,
        created_by: null,
      })
    })

    it('applies a batch with other event types in it, and applying it again changes nothing', async () => {
      const contacts = [contactCreated({ name: 'Blue Line' }), contactCreated({ name: 'Red Rock' })]
      const user = userRegistered()
      const batch = [
        stored(contacts[0]!, `contact-${contacts[0]!.data.contactId}`, 1, 3),
        stored(user, `user-${user.data.userId}`, 1, 4),
        stored(contacts[1]!, `contact-${contacts[1]!.data.contactId}`, 1, 5),
      ]
      await apply(batch)
      const before = await tableDigest(database.db, 'contacts_list_test', 'id')
      await apply(batch)
      expect(await tableDigest(database.db, 'contacts_list_test', 'id')).toEqual(before)
      expect(before.rows).toBe(4)
    })
  })
}
