/**
 * Measures catch-up speed on real PostgreSQL: generates N ContactCreated events in a scratch schema, runs the
 * projector over them until every checkpoint reaches the head, prints events/s, drops the schema.
 *   DATABASE_URL=postgres://… npx tsx services/projector/src/testing/measure-catch-up.ts [events] [batch] [all|contacts_list]
 */
import { createLogger, createPostgresEventStore, listCheckpoints, parseEnv } from '@crm/platform'
import { createIsolatedPostgres } from '@crm/platform/testing'
import { z } from 'zod'
import { allProjections } from '../all-projections'
import { startProjector } from '../runtime/start-projector'
import { generateContactEvents } from './generate-contact-events'

const env = parseEnv({ DATABASE_URL: z.string().url() })
const [count = 100_000, batchSize = 2000] = process.argv.slice(2, 4).map(Number)
const which = process.argv[4] ?? 'contacts_list'
const projections = which === 'all' ? allProjections : allProjections.filter((p) => p.name === which)

const database = await createIsolatedPostgres(env.DATABASE_URL)
try {
  const store = await createPostgresEventStore(database)
  let t = Date.now()
  await generateContactEvents(database.db, count)
  console.log(`generated ${count} events in ${Date.now() - t} ms`)
  const head = await store.headPosition()
  t = Date.now()
  const projector = await startProjector({
    database,
    store,
    projections,
    logger: createLogger('measure', 'warn'),
    batchSize,
  })
  const finished = new Map<string, number>()
  while (finished.size < projections.length) {
    for (const c of await listCheckpoints(database.db)) {
      if (c.position >= head && c.state === 'active' && !finished.has(c.name)) finished.set(c.name, Date.now() - t)
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  await projector.stop()
  for (const [name, ms] of finished) {
    console.log(`${name}: ${count} events, batch ${batchSize}: ${ms} ms = ${Math.round((count / ms) * 1000)} events/s`)
  }
} finally {
  await database.close()
}
