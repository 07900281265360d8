import { createDatabase, createEventStore, createLogger, ownerOnlyDataDir } from '@crm/platform'
import { createJobQueue, stopOnSignals } from '@crm/platform'
import { buildCommandApp } from './app'
import { loadCommandApiConfig } from './config'

const config = loadCommandApiConfig()
const logger = createLogger('command-api', config.logLevel)
// Uploaded files (and the embedded database) live under DATA_DIR: the owner's alone, before anything is written.
await ownerOnlyDataDir(config.dataDir)
const database = await createDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
  // As in the standalone process (docs/decisions/016-…): a command's reads of the read models (whose contact, which
  // division) are short, and at a million contacts the planner's cost passed JIT's threshold, compiling each for
  // tens of milliseconds.
  settings: { jit: 'off' },
})
const store = await createEventStore(database, { eventStoreUrl: config.eventStoreUrl })
const jobs = createJobQueue({ redisUrl: config.redisUrl, prefix: config.jobsPrefix })
const app = await buildCommandApp({ database, store, config, logger, jobs })

// The requests in flight are answered, then the running jobs finish their step, then the connections close.
stopOnSignals(logger, async () => {
  await app.close()
  await jobs.close()
  await store.close()
  await database.close()
})

await app.listen({ port: config.port, host: config.host })
