import { createLogger, createPostgresEventStore } from '@crm/platform'
import { createIsolatedPostgres, postgresUrl } from '@crm/platform/testing'
import { describe, expect, it } from 'vitest'
import { contactsListProjection } from '../read-models/contacts-list/contacts-list.projection'
import { usersProjection } from '../read-models/users/users.projection'
import { waitFor, waitForCaughtUp } from '../testing/db-helpers'
import { contactCreated } from '../testing/test-events'
import { startProjector } from './start-projector'

const url = postgresUrl()
const logger = createLogger('projector-test', 'silent')

// Leases are session advisory locks: they need two real connections, so real PostgreSQL only.
const suite = url ? describe : describe.skip
suite(
  url
    ? 'leases: one running instance per projection (postgres)'
    : 'leases: one running instance per projection (postgres) (skipped: DATABASE_URL is not set; leases need two real connections)',
  () => {
    it('runs each projection in one instance; a standby takes over when that instance stops', async () => {
      const database = await createIsolatedPostgres(url!)
      try {
        const store = await createPostgresEventStore(database, { pollIntervalMs: 50 })
        const projections = [contactsListProjection, usersProjection]
        const options = { database, store, projections, logger, pollIntervalMs: 50, leaseRetryMs: 100 }
        const first = await startProjector(options)
        await first.waitUntilActive(10_000)
        const second = await startProjector(options)
        await new Promise((r) => setTimeout(r, 400))
        const runningHere = async (p: typeof first) =>
          (await p.status())
            .filter((s) => s.runningHere)
            .map((s) => s.name)
            .sort()
        expect(await runningHere(first)).toEqual(['contacts_list', 'users'])
        expect(await runningHere(second)).toEqual([])

        await first.stop()
        await waitFor(async () => (await runningHere(second)).length === 2, 5_000, 'the standby to take over')
        const event = contactCreated()
        await store.appendToStream(`contact-${event.data.contactId}`, [event], { expectedVersion: 'no_stream' })
        await waitForCaughtUp(database.db, store, ['contacts_list', 'users'], 5_000)
        await second.stop()
      } finally {
        await database.close()
      }
    })
  },
)
