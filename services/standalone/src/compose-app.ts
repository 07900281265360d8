import { randomBytes } from 'node:crypto'
import path from 'node:path'
import {
  createDatabase,
  createEventStore,
  createHttpApp,
  createJobQueue,
  createLogger,
  pinnedTimeHook,
  registerApiRoutes,
  type Database,
  type EventStore,
  type HttpApp,
  type JobQueue,
  type ErasureAtRest,
  type Logger,
  ownerOnlyDataDir,
} from '@crm/platform'
import { commandApiPages, commandApiRoutes, loadCommandApiConfig, prepareCommandApi } from '@crm/command-api'
import { allProjections, migrateReadModels, startProjector, type Projector } from '@crm/projector'
import { loadQueryApiConfig, queryApiRoutes } from '@crm/query-api'
import type { StandaloneConfig } from './config'
import { withEmbeddedSecrets } from './secrets'
import { eraseAtRestAfterErasures } from './erasure-at-rest'
import { recordErasures } from './backup/erasure-ledger'

export interface Standalone {
  app: HttpApp
  database: Database
  store: EventStore
  projector: Projector
  jobs: JobQueue
  logger: Logger
  /** The rewrite that follows each erasure (erasure-at-rest.ts); `idle()` waits for it. */
  erasureAtRest: ErasureAtRest
  /** The key each credit-application source files with here (the demo seed files the demo's applications with it). */
  intakeKeys: Record<'website' | 'cps' | 'cef', string | undefined>
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

  // The hosted services take DATA_DIR (the uploaded files' folder) from this process's configuration, the one
  // source of truth, not from whatever the environment says: an embedding that configures it gets its files there.
  const env: NodeJS.ProcessEnv = {
    ...(await withEmbeddedSecrets(config.dataDir, process.env)),
    DATA_DIR: config.dataDir,
  }
  // A source with no configured key takes none from outside. With the demo, this process files the demo's
  // applications through that same door, with a random key that lives only in its memory.
  const intakeKey = (configured: string | undefined) =>
    configured || (config.seedDemo ? randomBytes(24).toString('base64url') : undefined)
  env.WEBSITE_INTAKE_KEY = intakeKey(env.WEBSITE_INTAKE_KEY)
  env.CPS_INTAKE_KEY = intakeKey(env.CPS_INTAKE_KEY)
  env.CEF_INTAKE_KEY = intakeKey(env.CEF_INTAKE_KEY)
  const intakeKeys = { website: env.WEBSITE_INTAKE_KEY, cps: env.CPS_INTAKE_KEY, cef: env.CEF_INTAKE_KEY }
  const commandConfig = loadCommandApiConfig(env)
  const queryConfig = loadQueryApiConfig(env)
  const app = await createHttpApp({
    logger,
    jwtSecret: commandConfig.jwtSecret,
    db: database.db,
    title: 'Trucking sales CRM API',
    tokenTtlSeconds: commandConfig.jwtTtlSeconds,
    // One registry for the three services of this process: one /metrics.
    metricsToken: commandConfig.metricsToken,
  })
  const erasureAtRest = eraseAtRestAfterErasures(app, { database, store, logger })
  // Every erasure also goes to the ledger a restore applies again (backup/erasure-ledger.ts).
  recordErasures(app, { store, dataDir: config.dataDir })
  // The demo seed writes past work: a request carrying a time this process pinned runs at that time (clock.ts).
  app.addHook('preHandler', pinnedTimeHook)
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
    intakeKeys,
    erasureAtRest,
    async close() {
      await app.close()
      await erasureAtRest.idle()
      await projector.stop()
      await jobs.close()
      await store.close()
      await database.close()
    },
  }
}
