import { createDatabase, createEventStore, createLogger, stopOnSignals } from '@crm/platform'
import { buildQueryApp } from './app'
import { loadQueryApiConfig } from './config'

const config = loadQueryApiConfig()
const logger = createLogger('query-api', config.logLevel)
const database = await createDatabase({
  url: config.databaseUrl,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
  // Lists and pages are short queries: JIT compiling them added 50-67 ms each (docs/decisions/016-…).
  settings: { jit: 'off' },
})
// Read only: the analysts' event export and subscription, and /health's head position (each projection caught up
// or not). Without it those routes are absent and /health cannot tell a stalled projector from an idle one.
const store = await createEventStore(database, { eventStoreUrl: config.eventStoreUrl })
const app = await buildQueryApp({
  database,
  config,
  logger,
  headPosition: () => store.headPosition(),
  eventStore: store,
})

stopOnSignals(logger, async () => {
  await app.close()
  await store.close()
  await database.close()
})

await app.listen({ port: config.port, host: config.host })
