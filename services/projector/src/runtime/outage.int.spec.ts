import { createDatabase, createLogger, createPostgresEventStore, type Database, type EventStore } from '@crm/platform'
import { createIsolatedPostgres, postgresUrl, startCuttableProxy, type CuttableProxy } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { contactsListProjection } from '../read-models/contacts-list/contacts-list.projection'
import { usersProjection } from '../read-models/users/users.projection'
import { waitFor, waitForCaughtUp } from '../testing/db-helpers'
import { contactCreated } from '../testing/test-events'
import { runWithLeases } from './lease'
import { startProjector, type Projector } from './start-projector'

const url = postgresUrl()
const logger = createLogger('projector-test', 'silent')
const projections = [contactsListProjection, usersProjection]
const names = projections.map((p) => p.name)

/**
 * The projector talks to PostgreSQL through a proxy the test cuts (every connection reset, new ones refused)
 * and restores, or loses only its lease connection: after either it resumes by itself, in the same process.
 * The deadlines are generous (a loaded machine); a projector that stays stuck never gets there.
 */
const suite = url ? describe : describe.skip
suite(
  url
    ? 'projector after the database went away (postgres)'
    : 'projector after the database went away (postgres) (skipped: DATABASE_URL is not set)',
  () => {
    let owner: Database
    let proxy: CuttableProxy
    let database: Database
    let store: EventStore
    let projector: Projector | undefined

    beforeEach(async () => {
      // The schema is made and dropped over a direct connection; the projector reaches it only through the proxy.
      owner = await createIsolatedPostgres(url!, 2)
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(owner.db)).rows[0]!.s
      const target = new URL(url!)
      proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 5432) })
      database = await createDatabase({ url: proxy.urlThrough(url!), schema, poolSize: 10 })
      store = await createPostgresEventStore(owner, { pollIntervalMs: 50 })
    })
    afterEach(async () => {
      proxy.restore()
      await projector?.stop()
      projector = undefined
      await database.close()
      await proxy.close()
      await owner.close()
    })

    const appendContact = async () => {
      const event = contactCreated()
      await store.appendToStream(`contact-${event.data.contactId}`, [event], { expectedVersion: 'no_stream' })
    }
    // The backends holding this schema's leases (session advisory locks: lease.ts).
    const leaseBackends = async () =>
      (
        await sql<{ pid: number }>`
          select distinct l.pid from pg_locks l
          where l.locktype = 'advisory' and l.granted and l.objsubid = 2
            and l.classid::text::bigint = hashtext('crm_projection_lease')::bigint & 4294967295
            and l.objid::text::bigint in (
              select hashtext(current_schema() || ':' || n)::bigint & 4294967295
              from unnest(${projections.map((p) => `${p.name}:v${p.version}`)}::text[]) n)`.execute(owner.db)
      ).rows.map((r) => r.pid)
    const start = (pollIntervalMs: number) =>
      startProjector({ database, store, projections, logger, pollIntervalMs, leaseRetryMs: 200 })

    it('catches up after every connection was cut and the server came back', async () => {
      projector = await start(50)
      expect(await projector.waitUntilActive(30_000)).toBe(true)
      await appendContact()
      await waitForCaughtUp(owner.db, store, names, 30_000)

      proxy.cut()
      await appendContact()
      // An outage of a second and a half: every loop's reads fail and the lease check (every 200 ms) fails.
      await new Promise((r) => setTimeout(r, 1_500))
      proxy.restore()
      await appendContact()
      await waitForCaughtUp(owner.db, store, names, 60_000)
    }, 180_000)

    it('takes its leases again and carries on when the lease connection alone is dropped', async () => {
      projector = await start(50)
      expect(await projector.waitUntilActive(30_000)).toBe(true)
      const before = await waitFor(
        async () => {
          const pids = await leaseBackends()
          return pids.length === 1 && pids
        },
        30_000,
        'the leases',
      )
      await sql`select pg_terminate_backend(pid) from unnest(${before}::int[]) pid`.execute(owner.db)
      const after = await waitFor(
        async () => {
          const pids = await leaseBackends()
          return pids.length === 1 && pids[0] !== before[0] && pids
        },
        60_000,
        'the leases to be taken again',
      )
      expect(after).not.toEqual(before)
      await appendContact()
      await waitForCaughtUp(owner.db, store, names, 60_000)
    }, 180_000)
    it('takes its leases again when a leased run ended in an error as its connection went', async () => {
      // A run that rejects once its lease is lost must not end the lease loop: the next session takes the lease.
      const stop = new AbortController()
      let started = 0
      const loop = runWithLeases(
        database,
        [usersProjection],
        (_projection, session) => {
          started += 1
          return new Promise<void>((_resolve, reject) =>
            session.addEventListener('abort', () => reject(new Error('batch failed as the lease went')), {
              once: true,
            }),
          )
        },
        { logger, retryMs: 200, signal: stop.signal },
      )
      try {
        const before = await waitFor(
          async () => {
            const pids = await leaseBackends()
            return started === 1 && pids.length === 1 && pids
          },
          30_000,
          'the lease',
        )
        await sql`select pg_terminate_backend(pid) from unnest(${before}::int[]) pid`.execute(owner.db)
        await waitFor(async () => started === 2, 60_000, 'the lease to be taken again')
      } finally {
        stop.abort()
        await loop.catch(() => undefined)
      }
    }, 180_000)
  },
)
