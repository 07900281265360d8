import { createDatabase, createEventStore, createLogger, stopOnSignals } from '@crm/platform'
import { serveMetrics } from './metrics-server'
import { allProjections } from './all-projections'
import { loadProjectorConfig } from './config'
import { startProjector } from './runtime/start-projector'

const config = loadProjectorConfig()
const logger = createLogger('projector', config.logLevel)
// As in the standalone process (docs/decisions/016-…): a batch's statements gain nothing from JIT compiling them.
const database = await createDatabase({ url: config.databaseUrl, settings: { jit: 'off' } })
const store = await createEventStore(database, { eventStoreUrl: config.eventStoreUrl })
const projector = await startProjector({
  database,
  store,
  projections: allProjections,
  logger,
  batchSize: config.batchSize,
  pollIntervalMs: config.pollIntervalMs,
})

// Its own GET /metrics (read models' lag, the database pool, memory, event-loop delay) where a port is given.
const metrics = config.port === undefined ? undefined : await serveMetrics(config, database, logger)

// Each projection finishes the batch it is applying (its transaction moves the checkpoint with it), then stops.
stopOnSignals(logger, async () => {
  await metrics?.close()
  await projector.stop()
  await store.close()
  await database.close()
})
