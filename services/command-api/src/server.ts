import { createDatabase, createEventStore, createLogger, ownerOnlyDataDir } from '@crm/platform'
import { createJobQueue } from '@crm/platform'
import { buildCommandApp } from './app'
import { loadCommandApiConfig } from './config'

const config = loadCommandApiConfig()
const logger = createLogger('command-api', config.logLevel)
// Uploaded files (and the embedded database) live under DATA_DIR: the owner's alone, before anything is written.
await ownerOnlyDataDir(config.dataDir)
const database = await createDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
})
const store = await createEventStore(database, { eventStoreUrl: config.eventStoreUrl })
const jobs = createJobQueue({ redisUrl: config.redisUrl, prefix: config.jobsPrefix })
const app = await buildCommandApp({ database, store, config, logger, jobs })

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => store.close())
      .then(() => database.close())
      .finally(() => process.exit(0))
  })
}

await app.listen({ port: config.port, host: config.host })
