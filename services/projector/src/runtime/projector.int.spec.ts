import {
  createLogger,
  createPostgresEventStore,
  READ_MODELS_CHANNEL,
  START,
  type Database,
  type EventStore,
} from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { allProjections } from '../all-projections'
import { contactsListProjection } from '../read-models/contacts-list/contacts-list.projection'
import { checkpoint, tableDigest, tableExists, waitFor, waitForCaughtUp } from '../testing/db-helpers'
import { contactCreated, userRegistered } from '../testing/test-events'
import type { AnyProjection } from './projection'
import { startProjector, type Projector } from './start-projector'

const logger = createLogger('projector-test', 'silent')
const names = allProjections.map((p) => p.name)
const digests = (db: Database['db']) =>
  Promise.all([
    tableDigest(db, 'contacts_list', 'id'),
    tableDigest(db, 'contact_divisions', 'contact_id, division_id'),
    tableDigest(db, 'stream_history', 'stream_id, stream_version'),
    tableDigest(db, 'users', 'user_id'),
  ])

for (const target of databaseTargets()) {
  describe(`projector runtime (${target.name})`, () => {
    let database: Database
    let store: EventStore
    const running: Projector[] = []
    const releaseGates: (() => void)[] = []
    const start = async (projections: readonly AnyProjection[] = allProjections, batchSize = 2) => {
      const projector = await startProjector({ database, store, projections, logger, batchSize, pollIntervalMs: 50 })
      running.push(projector)
      return projector
    }
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
      releaseGates.splice(0).forEach((release) => release())
      await Promise.all(running.splice(0).map((p) => p.stop()))
      await database.close()
    })

    it('catches up from the first event, serves views, then stays live as events are appended', async () => {
      await appendContacts(3)
      const user = userRegistered()
      await store.appendToStream(`user-${user.data.userId}`, [user], { expectedVersion: 'no_stream' })
      const changes: unknown[] = []
      await database.listen(READ_MODELS_CHANNEL, (payload) => changes.push(JSON.parse(payload)))
      const projector = await start()
      expect(await projector.waitUntilActive(20_000)).toBe(true)
      await waitForCaughtUp(database.db, store, names)
      const count = async (table: string) =>
        Number(
          (await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(database.db)).rows[0]!
            .n,
        )
      expect([
        await count('contacts_list'),
        await count('contact_divisions'),
        await count('stream_history'),
        await count('users'),
      ]).toEqual([3, 3, 4, 1])
      // The users projection ignores contact events, yet its checkpoint passed them (X-Min-Position relies on it).
      expect((await checkpoint(database.db, 'users'))!.position).toBe(await store.headPosition())

      await appendContacts(2)
      await waitFor(
        async () => (await count('contacts_list')) === 5 && (await count('stream_history')) === 6,
        10_000,
        'live rows',
      )
      const head = await store.headPosition()
      await waitFor(
        async () => changes.some((c) => (c as { position: string }).position === head),
        5_000,
        'change notification',
      )
      expect(changes).toContainEqual({ projection: 'contacts_list', position: head })
      // Each projection runs its own loop: contacts_list's notification says nothing about the others yet.
      await waitFor(
        async () => (await projector.status()).every((s) => s.state !== 'active' || s.lag === 0),
        10_000,
        'every projection caught up',
      )
      // Users passed the contact-only batches in one statement each, telling open screens nothing had changed.
      expect((await checkpoint(database.db, 'users'))!.position).toBe(head)
      expect(changes).not.toContainEqual({ projection: 'users', position: head })
      const status = await projector.status()
      expect(status.filter((s) => s.state === 'active').map((s) => [s.name, s.eventsApplied, s.lag])).toEqual(
        expect.arrayContaining(names.map((n) => [n, 6, 0])),
      )
    })

    it('commits a batch and its checkpoint together: a failing batch moves neither', async () => {
      await appendContacts(5)
      // The batch holding the fourth contact fails after writing its rows. Where the batches end is the store's
      // business (a busy server's visibility horizon can shorten one), so the test fixes the failing event instead.
      const failingName = 'Carrier 3'
      const failing: AnyProjection = {
        ...contactsListProjection,
        async applyBatch(trx, events, tables) {
          await contactsListProjection.applyBatch(trx, events, tables)
          if (events.some((e) => (e.data as { name?: string }).name === failingName)) throw new Error('disk full')
        },
      }
      const projector = await start([failing])
      await waitFor(
        async () => (await projector.status()).find((s) => s.lastError === 'disk full'),
        10_000,
        'the failure',
      )
      await projector.stop()
      const afterFailure = await checkpoint(database.db, 'contacts_list')
      const { rows } = await sql<{
        name: string
      }>`select name from ${sql.table(`contacts_list_v${contactsListProjection.version}`)}`.execute(database.db)
      // Only whole batches before the failing one are there, and the checkpoint counts exactly them.
      expect(rows.map((r) => r.name)).not.toContain(failingName)
      expect(rows.length).toBeGreaterThanOrEqual(2) // batches hold at most two events
      expect(rows.length).toBeLessThanOrEqual(3)
      expect(afterFailure!.eventsApplied).toBe(rows.length)

      await start([contactsListProjection])
      await waitForCaughtUp(database.db, store, ['contacts_list'])
      expect(await checkpoint(database.db, 'contacts_list')).toMatchObject({ eventsApplied: 5, state: 'active' })
      expect((await tableDigest(database.db, 'contacts_list', 'id')).rows).toBe(5)
    })

    it('replaying the same events over existing rows changes nothing', async () => {
      await appendContacts(4)
      const user = userRegistered()
      await store.appendToStream(`user-${user.data.userId}`, [user], { expectedVersion: 'no_stream' })
      const first = await start()
      await waitForCaughtUp(database.db, store, names)
      const before = await digests(database.db)
      await first.stop()

      await sql`update projection_checkpoints set position = ${START}, events_applied = 0`.execute(database.db)
      await start(allProjections, 3) // other batch boundaries than the first pass
      await waitForCaughtUp(database.db, store, names)
      expect(await digests(database.db)).toEqual(before)
      expect(before.map((d) => d.rows)).toEqual([4, 4, 5, 1])
    })

    it('backfills a new version while the old one serves, then switches the view and drops the old tables', async () => {
      await appendContacts(3)
      const v1 = await start([contactsListProjection])
      await waitForCaughtUp(database.db, store, ['contacts_list'])
      await v1.stop()

      let release!: () => void
      const gate = new Promise<void>((resolve) => (release = resolve))
      releaseGates.push(release)
      // The version after the one the product ships (named v1 and v2 in this test).
      const v2: AnyProjection = {
        ...contactsListProjection,
        version: contactsListProjection.version + 1,
        async migrate(trx, tables) {
          await contactsListProjection.migrate(trx, tables)
          await sql`alter table ${sql.table(tables.contacts_list!)} add column built_by text default 'v2'`.execute(trx)
        },
      }
      // v2 runs in a second projector whose reads wait at the gate (outside any transaction: PGlite has one connection).
      await start([contactsListProjection])
      const gatedStore: EventStore = { ...store, readAll: async (options) => (await gate, store.readAll(options)) }
      running.push(
        await startProjector({
          database,
          store: gatedStore,
          projections: [v2],
          logger,
          batchSize: 2,
          pollIntervalMs: 50,
        }),
      )
      await waitFor(() => checkpoint(database.db, 'contacts_list', v2.version), 10_000, 'v2 to start')
      await appendContacts(1) // the old version still serves, and stays live
      await waitFor(async () => (await tableDigest(database.db, 'contacts_list', 'id')).rows === 4, 10_000, 'v1 live')
      expect(await checkpoint(database.db, 'contacts_list', v2.version)).toMatchObject({
        state: 'backfilling',
        eventsApplied: 0,
      })
      expect(Object.keys((await sql`select * from contacts_list limit 1`.execute(database.db)).rows[0]!)).not.toContain(
        'built_by',
      )

      release()
      await waitFor(
        async () => (await checkpoint(database.db, 'contacts_list', v2.version))?.state === 'active',
        10_000,
        'switch',
      )
      expect(await checkpoint(database.db, 'contacts_list', contactsListProjection.version)).toMatchObject({
        state: 'retired',
      })
      expect(await tableExists(database.db, `contacts_list_v${contactsListProjection.version}`)).toBe(false)
      const { rows } = await sql<{ built_by: string }>`select built_by from contacts_list`.execute(database.db)
      expect(rows.map((r) => r.built_by)).toEqual(['v2', 'v2', 'v2', 'v2'])
      await appendContacts(1)
      await waitFor(async () => (await tableDigest(database.db, 'contacts_list', 'id')).rows === 5, 10_000, 'v2 live')
    })
  })
}
