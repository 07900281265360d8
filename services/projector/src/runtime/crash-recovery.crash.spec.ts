import { createPostgresEventStore, listCheckpoints, migrateCheckpoints } from '@crm/platform'
import { createIsolatedPostgres, postgresUrl } from '@crm/platform/testing'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { allProjections } from '../all-projections'
import { streamHistoryProjection } from '../read-models/stream-history/stream-history.projection'
import { tableDigest, waitFor } from '../testing/db-helpers'
import { generateContactEvents } from '../testing/generate-contact-events'
import { userRegistered } from '../testing/test-events'
import { replayTables } from './projection'
import { replayProjection } from './replay'

const url = postgresUrl()
/** Enough that the kill lands while the read models are still catching up (the fastest a fifth of the way in), few enough for CI. */
const EVENTS = 40_000
const childEntry = fileURLToPath(new URL('../testing/projector-child.ts', import.meta.url))

/**
 * THE crash test: the projector is killed with SIGKILL in the middle of catching up on a large store, in a
 * child process so that nothing gets to clean up, then restarted. Its read models must equal a clean build of
 * the same events, and every checkpoint must have counted each event exactly once.
 */
const suite = url ? describe : describe.skip
suite(
  url
    ? 'crash recovery: kill -9 during catch-up (postgres)'
    : 'crash recovery: kill -9 during catch-up (postgres) (skipped: DATABASE_URL is not set; a child process cannot share an in-memory PGlite)',
  () => {
    it('resumes after SIGKILL and ends with exactly the rows of a clean rebuild', { timeout: 480_000 }, async () => {
      const database = await createIsolatedPostgres(url!)
      const children: ChildProcess[] = []
      try {
        const store = await createPostgresEventStore(database)
        await migrateCheckpoints(database.db)
        const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]!.s
        for (const half of [1, 2]) {
          await generateContactEvents(database.db, EVENTS / 2)
          const user = userRegistered({ email: `rep${half}@example.com` })
          await store.appendToStream(`user-${user.data.userId}`, [user], { expectedVersion: 'no_stream' })
        }
        const head = await store.headPosition()
        const total = EVENTS + 2

        const startChild = () => {
          const child = spawn(process.execPath, ['--import', 'tsx', childEntry], {
            env: { ...process.env, PROJECTOR_TEST_SCHEMA: schema, PROJECTOR_BATCH_SIZE: '1000' },
            stdio: ['ignore', 'ignore', 'inherit'],
          })
          children.push(child)
          return child
        }

        const first = startChild()
        const atKill = await waitFor(
          async () => {
            const checkpoints = await listCheckpoints(database.db)
            const moved = checkpoints.some((c) => c.eventsApplied >= EVENTS / 5)
            return moved && checkpoints.length === allProjections.length && checkpoints
          },
          120_000,
          'the child to be well into catch-up',
        )
        first.kill('SIGKILL')
        await once(first, 'exit')
        const afterKill = await listCheckpoints(database.db)
        expect(
          afterKill.some((c) => c.position < head),
          'killed before every projection reached the head',
        ).toBe(true)
        expect(atKill.length).toBe(allProjections.length)
        // Whatever was committed is whole: stream_history has one row per event its checkpoint counted.
        const history = afterKill.find((c) => c.name === 'stream_history')!
        const { rows } = await sql<{
          n: string
        }>`select count(*)::text as n from ${sql.table(`stream_history_v${streamHistoryProjection.version}`)}`.execute(
          database.db,
        )
        expect(Number(rows[0]!.n)).toBe(history.eventsApplied)

        const second = startChild()
        await waitFor(
          async () => {
            const checkpoints = await listCheckpoints(database.db)
            return (
              checkpoints.every((c) => c.state === 'active' && c.position === head) &&
              checkpoints.length === allProjections.length
            )
          },
          // Twenty-odd read models replaying 40,000 events on two cores: a minute or more, not seconds.
          300_000,
          'the restarted child to catch up',
        )
        second.kill('SIGKILL')
        await once(second, 'exit')
        for (const c of await listCheckpoints(database.db)) expect([c.name, c.eventsApplied]).toEqual([c.name, total])

        for (const projection of allProjections) {
          const check = `clean_${projection.name}`
          await replayProjection(database, store, projection, check, {
            batchSize: 5000,
            knownProjections: allProjections,
          })
          // Each table the projection serves (a projection may own several) against its clean copy.
          const replayed = replayTables(projection, check)
          for (const table of projection.tables) {
            const served = await tableDigest(database.db, table)
            if (table === 'contacts_list') expect(served.rows).toBeGreaterThan(0)
            expect(served, table).toEqual(await tableDigest(database.db, replayed[table]!))
          }
        }
      } finally {
        for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
        await database.close()
      }
    })
  },
)
