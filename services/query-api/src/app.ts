import {
  createHttpApp,
  registerApiRoutes,
  type Database,
  type HttpApp,
  type Logger,
  type Position,
} from '@crm/platform'
import { changeRoutes } from './changes/routes'
import type { QueryApiConfig } from './config'
import { contactRoutes } from './contacts/routes'
import { divisionRoutes } from './divisions/routes'
import { countLagIn } from './health/health'
import { healthRoutes } from './health/routes'
import { installMinPositionWait } from './read-your-writes/min-position'

export interface QueryApiDeps {
  database: Database
  config: QueryApiConfig
  logger: Logger
  /** The event store's head position, for /health (e.g. `() => store.headPosition()`). */
  headPosition?: () => Promise<Position>
}

/** The query API's routes, to mount with registerApiRoutes (the standalone process mounts them beside the command API's). */
export function queryApiRoutes({ database, config, headPosition }: QueryApiDeps) {
  const db = database.db
  return (api: HttpApp): void => {
    installMinPositionWait(api, db, config.minPositionWaitMs)
    // Lag is counted in the events table when the PostgreSQL store shares this database.
    healthRoutes(api, { db, sources: { headPosition, countLag: config.eventStoreUrl ? undefined : countLagIn(db) } })
    contactRoutes(api, { db })
    divisionRoutes(api, { db })
    changeRoutes(api, { database })
  }
}

/** The query API as its own app, not listening (tests use app.inject; server.ts listens). */
export async function buildQueryApp(deps: QueryApiDeps): Promise<HttpApp> {
  const app = await createHttpApp({
    logger: deps.logger,
    jwtSecret: deps.config.jwtSecret,
    db: deps.database.db,
    title: 'Trucking sales CRM: query API',
    trustProxy: deps.config.trustProxy,
  })
  await registerApiRoutes(app, queryApiRoutes(deps))
  return app
}
