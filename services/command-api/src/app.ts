import {
  createHttpApp,
  migrateAuthSessions,
  registerApiRoutes,
  type Database,
  type EventStore,
  type HttpApp,
  type Logger,
} from '@crm/platform'
import { authRoutes } from './auth/routes'
import type { CommandApiConfig } from './config'
import { contactRoutes } from './contacts/routes'

export interface CommandApiDeps {
  database: Database
  store: EventStore
  config: CommandApiConfig
  logger: Logger
}

/** Creates the command API's own tables (login sessions). Idempotent; run before serving. */
export async function prepareCommandApi(database: Database): Promise<void> {
  await migrateAuthSessions(database.db)
}

/** The command API's routes, to mount with registerApiRoutes (the standalone process mounts them beside the query API's). */
export function commandApiRoutes({ database, store, config }: CommandApiDeps) {
  return (api: HttpApp): void => {
    authRoutes(api, { db: database.db, config })
    contactRoutes(api, { store })
  }
}

/** The command API as its own app, not listening (tests use app.inject; server.ts listens). */
export async function buildCommandApp(deps: CommandApiDeps): Promise<HttpApp> {
  await prepareCommandApi(deps.database)
  const app = await createHttpApp({
    logger: deps.logger,
    jwtSecret: deps.config.jwtSecret,
    db: deps.database.db,
    title: 'Trucking sales CRM: command API',
    trustProxy: deps.config.trustProxy,
    tokenTtlSeconds: deps.config.jwtTtlSeconds,
  })
  await registerApiRoutes(app, commandApiRoutes(deps))
  return app
}
