import path from 'node:path'
import {
  createDatabase,
  createEventStore,
  createHttpApp,
  createJobQueue,
  createLogger,
  registerApiRoutes,
  type Database,
  type EventStore,
  type HttpApp,
  type JobQueue,
  type Logger,
  ownerOnlyDataDir,
} from '@crm/platform'
import { commandApiPages, commandApiRoutes, loadCommandApiConfig, prepareCommandApi } from '@crm/command-api'
import { allProjections, migrateReadModels, startProjector, type Projector } from '@crm/projector'
import { loadQueryApiConfig, queryApiRoutes } from '@crm/query-api'
import type { StandaloneConfig } from './config'
import { withEmbeddedSecrets } from './secrets'

export interface Standalone {
  app: HttpApp
  database: Database
  store: EventStore
  projector: Projector
  jobs: JobQueue
  logger: Logger
  close(): Promise<void>
}

/** PGlite's files live in a folder of their own under DATA_DIR (uploaded files get another). */
export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, 'pglite')

/**
 * The embedded default (docs/architecture.md "Two ways to run"): command API, projector and query API in one
 * process on one Fastify app. The services stay separate modules; only this composition root sees them all.
 */
export async function composeStandalone(config: StandaloneConfig): Promise<Standalone> {
  const logger = createLogger('crm', config.logLevel)
  // Before anything is written: DATA_DIR and all in it are the owner's alone (umask 0077, 0700, tightened).
  await ownerOnlyDataDir(config.dataDir)
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : embeddedDatabaseDir(config.dataDir),
    // One pool serves all three here; the query side's short lists decide (docs/decisions/016-…), and the
    // command side's appends and the projector's batches gain nothing from JIT either.
    settings: { jit: 'off' },
  })
  const store = await createEventStore(database, { eventStoreUrl: config.eventStoreUrl })
  await migrateReadModels(database, allProjections)
  await prepareCommandApi(database)
  const projector = await startProjector({ database, store, projections: allProjections, logger })
  const jobs = createJobQueue({ redisUrl: config.redisUrl, prefix: config.jobsPrefix })

  const env = await withEmbeddedSecrets(config.dataDir, process.env)
  const commandConfig = loadCommandApiConfig(env)
  const queryConfig = loadQueryApiConfig(env)
  const app = await createHttpApp({
    logger,
    jwtSecret: commandConfig.jwtSecret,
    db: database.db,
    title: 'Trucking sales CRM API',
    tokenTtlSeconds: commandConfig.jwtTtlSeconds,
  })
  const settleReadModels = () => projector.settle()
  await registerApiRoutes(
    app,
    commandApiRoutes({ database, store, config: commandConfig, logger, jobs, settleReadModels }),
  )
  // Before the web app's catch-all (server.ts): the tracked click link is answered here, not by the app.
  commandApiPages({ store, config: commandConfig })(app)
  await registerApiRoutes(
    app,
    queryApiRoutes({
      database,
      config: queryConfig,
      logger,
      headPosition: () => store.headPosition(),
      eventStore: store,
    }),
  )

  return {
    app,
    database,
    store,
    projector,
    jobs,
    logger,
    async close() {
      await app.close()
      await projector.stop()
      await jobs.close()
      await store.close()
      await database.close()
    },
  }
}
