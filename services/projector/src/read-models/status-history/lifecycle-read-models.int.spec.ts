import type { Database } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AnyProjection } from '../../runtime/projection'
import { tableDigest } from '../../testing/db-helpers'
import { combineEvents, contactLifeEvents } from '../../testing/lifecycle-events'
import { activitiesProjection } from '../activities/activities.projection'
import { additionalContactsProjection } from '../additional-contacts/additional-contacts.projection'
import { contactDivisionsProjection } from '../contact-divisions/contact-divisions.projection'
import { contactsListProjection } from '../contacts-list/contacts-list.projection'
import { lesseesProjection } from '../lessees/lessees.projection'
import { personalNotesProjection } from '../personal-notes/personal-notes.projection'
import { redFlagsProjection } from '../red-flags/red-flags.projection'
import { statusHistoryProjection } from './status-history.projection'

const projections: [AnyProjection, string][] = [
  [contactsListProjection, 'id'],
  [contactDivisionsProjection, 'contact_id, division_id'],
  [statusHistoryProjection, 'stream_id, stream_version, division_id'],
  [redFlagsProjection, 'id'],
  [additionalContactsProjection, 'id'],
  [personalNotesProjection, 'id'],
  [lesseesProjection, 'contact_id'],
  [activitiesProjection, 'activity_id'],
]

for (const target of databaseTargets()) {
  describe(`contact lifecycle read models (${target.name})`, () => {
    let database: Database
    const tablesOf = (p: AnyProjection) => Object.fromEntries(p.tables.map((t) => [t, `${t}_life`]))
    const applyAll = async (events: ReturnType<typeof contactLifeEvents>['events'], batch: number) => {
      for (const [p] of projections) {
        for (let i = 0; i < events.length; i += batch) {
          await database.db.transaction().execute((trx) => p.applyBatch(trx, events.slice(i, i + batch), tablesOf(p)))
        }
      }
    }
    const digests = () =>
      Promise.all(projections.map(([p, key]) => tableDigest(database.db, `${p.tables[0]}_life`, key)))
    const { contactId, events } = contactLifeEvents()

    beforeAll(async () => {
      database = await target.create()
      for (const [p] of projections) await database.db.transaction().execute((trx) => p.migrate(trx, tablesOf(p)))
      await applyAll(events, 100)
    })
    afterAll(() => database.close())

    it('projects a contact’s life: list row, divisions, status history, flags, notes, lessee, activities', async () => {
      const row = (await sql<Record<string, unknown>>`select * from contacts_list_life`.execute(database.db)).rows[0]!
      expect(row).toMatchObject({
        owner_name: 'New Owner',
        city: 'Austin',
        state: 'TX',
        opened_flags: 1,
        out_of_business: true,
        nationality_id: 3,
        preferred_language: 'Ex-Yu',
      })
      expect(row.last_contact_date).toEqual(new Date('2025-03-01T10:01:00.000Z'))
      const divisions = await sql<Record<string, unknown>>`
        select division_id, status_id, assigned, grade, effort_level, account_source
        from contact_divisions_life order by division_id`.execute(database.db)
      expect(divisions.rows).toMatchObject([
        { division_id: 2, status_id: 2, assigned: expect.any(String) },
        { division_id: 15, status_id: 3, grade: 108, effort_level: 122, account_source: 2 },
      ])
      const history = await sql<Record<string, unknown>>`
        select division_id, from_status_id, to_status_id, event_type, reason
        from status_history_life where contact_id = ${contactId} order by position`.execute(database.db)
      expect(history.rows).toEqual([
        { division_id: 15, from_status_id: 1, to_status_id: 2, event_type: 'ContactConverted', reason: 'Converted' },
        { division_id: 15, from_status_id: 2, to_status_id: 3, event_type: 'ContactConverted', reason: 'Converted' },
        {
          division_id: 2,
          from_status_id: null,
          to_status_id: 2,
          event_type: 'ContactStatusChanged',
          reason: 'Status changed',
        },
      ])
      const notes = await sql`select note from personal_notes_life`.execute(database.db)
      expect(notes.rows).toEqual([{ note: 'Hello' }])
      const flags = await sql`select id, status from red_flags_life order by id`.execute(database.db)
      expect(flags.rows).toEqual([
        { id: 'flag-1', status: 2 },
        { id: 'flag-2', status: 1 },
      ])
    })

    it('replaying the same events, in other batches, changes nothing', async () => {
      const before = await digests()
      await applyAll(events, 3)
      await applyAll(events, 1)
      expect(await digests()).toEqual(before)
      expect(before.map((d) => d.rows)).toEqual([1, 2, 3, 2, 1, 1, 1, 1])
    })

    it('a combine re-homes memberships and retires the absorbed contact; replaying it changes nothing', async () => {
      const combine = combineEvents(contactId, events.length + 1, events.length + 1)
      await applyAll(combine.events, 100)
      const before = await digests()
      await applyAll([...events, ...combine.events], 2)
      expect(await digests()).toEqual(before)
      const rows = await sql<Record<string, unknown>>`
        select id::text, deleted, merged_into::text, opened_flags from contacts_list_life order by name`.execute(
        database.db,
      )
      expect(rows.rows).toEqual([
        { id: contactId, deleted: false, merged_into: null, opened_flags: 1 },
        { id: combine.absorbedId, deleted: true, merged_into: contactId, opened_flags: 0 },
      ])
    })
  })
}
