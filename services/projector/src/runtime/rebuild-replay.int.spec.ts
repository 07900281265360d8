import { createLogger, createPostgresEventStore, type Database, type EventStore } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { allProjections } from '../all-projections'
import { contactsListProjection } from '../read-models/contacts-list/contacts-list.projection'
import { checkpoint, tableDigest, tableExists, waitFor, waitForCaughtUp } from '../testing/db-helpers'
import { contactCreated } from '../testing/test-events'
import { rebuildProjection } from './rebuild'
import { replayProjection } from './replay'
import { startProjector, type Projector } from './start-projector'

/** The table behind the contacts_list view at the version the product ships. */
const servedTable = `contacts_list_v${contactsListProjection.version}`

const logger = createLogger('projector-test', 'silent')

for (const target of databaseTargets()) {
  describe(`rebuild and replay (${target.name})`, () => {
    let database: Database
    let store: EventStore
    let projector: Projector | undefined
    const appendContacts = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const event = contactCreated({ name: `Carrier ${i}` })
        await store.appendToStream(`contact-${event.data.contactId}`, [event], { expectedVersion: 'no_stream' })
      }
    }
    beforeEach(async () => {
      database = await target.create()
      store = await createPostgresEventStore(database, { pollIntervalMs: 50 })
    })
    afterEach(async () => {
      await projector?.stop()
      projector = undefined
      await database.close()
    })

    it('rebuilds a served projection beside the live copy and switches to identical rows', async () => {
      await appendContacts(7)
      projector = await startProjector({
        database,
        store,
        projections: allProjections,
        logger,
        batchSize: 3,
        pollIntervalMs: 50,
      })
      await waitForCaughtUp(database.db, store, ['contacts_list'])
      const before = await tableDigest(database.db, 'contacts_list', 'id')
      // A hand-edited row shows that the rebuild really replaced the table.
      await sql`update ${sql.table(servedTable)} set name = 'tampered'`.execute(database.db)

      const done = await rebuildProjection(database, store, contactsListProjection, { batchSize: 2 })
      expect(done.events).toBe(7)
      expect(await tableDigest(database.db, 'contacts_list', 'id')).toEqual(before)
      expect(await checkpoint(database.db, 'contacts_list')).toMatchObject({
        state: 'active',
        eventsApplied: 7,
        position: done.position,
      })
      expect(await tableExists(database.db, `${servedTable}_rebuild`)).toBe(false)

      // The running projector carries on after the swap.
      await appendContacts(1)
      await waitFor(
        async () => (await tableDigest(database.db, 'contacts_list', 'id')).rows === 8,
        10_000,
        'live after rebuild',
      )
      await expect(rebuildProjection(database, store, contactsListProjection, { batchSize: 5 })).resolves.toMatchObject(
        { events: 8 },
      )
    })

    it("replays a projection into a table of the analyst's choosing, leaving the served one alone", async () => {
      await appendContacts(5)
      projector = await startProjector({
        database,
        store,
        projections: allProjections,
        logger,
        batchSize: 4,
        pollIntervalMs: 50,
      })
      await waitForCaughtUp(database.db, store, ['contacts_list'])
      const options = { batchSize: 2, knownProjections: allProjections }
      const done = await replayProjection(database, store, contactsListProjection, 'analysis_contacts', options)
      expect(done).toMatchObject({ events: 5, tables: { contacts_list: 'analysis_contacts' } })
      expect(await tableDigest(database.db, 'analysis_contacts', 'id')).toEqual(
        await tableDigest(database.db, 'contacts_list', 'id'),
      )
      // Replaying again replaces the copy rather than failing on it.
      await expect(
        replayProjection(database, store, contactsListProjection, 'analysis_contacts', options),
      ).resolves.toMatchObject({ events: 5 })
      await expect(replayProjection(database, store, contactsListProjection, servedTable, options)).rejects.toThrow(
        /CRM itself uses/,
      )
      expect((await checkpoint(database.db, 'contacts_list'))!.eventsApplied).toBe(5)
    })
  })
}
