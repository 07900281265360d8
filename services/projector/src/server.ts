import { createDatabase, createEventStore, createLogger } from '@crm/platform'
import { allProjections } from './all-projections'
import { loadProjectorConfig } from './config'
import { startProjector } from './runtime/start-projector'

const config = loadProjectorConfig()
const logger = createLogger('projector', config.logLevel)
const database = await createDatabase({ url: config.databaseUrl })
const store = await createEventStore(database, { eventStoreUrl: config.eventStoreUrl })
const projector = await startProjector({
  database,
  store,
  projections: allProjections,
  logger,
  batchSize: config.batchSize,
  pollIntervalMs: config.pollIntervalMs,
})

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'stopping')
    void projector
      .stop()
      .then(() => store.close())
      .then(() => database.close())
      .then(() => process.exit(0))
  })
}
