/**
 * The projector as its own process, for the crash test (runtime/crash-recovery.crash.spec.ts): it runs every
 * projection against one test schema until it is killed.
 */
import { createDatabase, createLogger, createPostgresEventStore, parseEnv } from '@crm/platform'
import { z } from 'zod'
import { allProjections } from '../all-projections'
import { startProjector } from '../runtime/start-projector'

const env = parseEnv({
  DATABASE_URL: z.string().url(),
  PROJECTOR_TEST_SCHEMA: z.string().min(1),
  PROJECTOR_BATCH_SIZE: z.coerce.number().int().positive().default(1000),
})
const database = await createDatabase({ url: env.DATABASE_URL, schema: env.PROJECTOR_TEST_SCHEMA, poolSize: 10 })
const store = await createPostgresEventStore(database, { pollIntervalMs: 100 })
await startProjector({
  database,
  store,
  projections: allProjections,
  logger: createLogger('projector-child', 'warn'),
  batchSize: env.PROJECTOR_BATCH_SIZE,
  pollIntervalMs: 100,
})
console.log('projector-child started')
