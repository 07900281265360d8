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
import { businessCardDownloadRoutes } from './contacts/business-card-download'
import { contactLifecycleQueryRoutes } from './contact-lifecycle/routes'
import { activityTimelineRoutes } from './activity-timeline/routes'
import { activityQueryRoutes } from './activities/routes'
import { sharedNoteQueryRoutes } from './shared-notes/routes'
import { divisionRoutes } from './divisions/routes'
import { mailOutboxRoutes } from './mail-outbox/routes'
import { systemConfigRoutes } from './system-config/routes'
import { userRoutes } from './users/routes'
import { countLagIn } from './health/health'
import { healthRoutes } from './health/routes'
import { installMinPositionWait } from './read-your-writes/min-position'
import { contactListRoutes } from './contact-lists/routes'
import { advancedSearchRoutes } from './advanced-search/routes'
import { globalSearchRoutes } from './global-search/routes'
import { contactExportRoutes } from './contact-export/routes'
import { filterPresetRoutes } from './filter-presets/routes'
import { jobRoutes } from './jobs/routes'
import { taskQueryRoutes } from './tasks/routes'
import { taskSummaryRoutes } from './tasks/summary-routes'
import { calendarRoutes } from './calendar/routes'
import { notificationRoutes } from './notifications/routes'
import { attachmentRoutes } from './attachments/routes'

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
    businessCardDownloadRoutes(api, { db, dataDir: config.dataDir })
    attachmentRoutes(api, { db, dataDir: config.dataDir })
    notificationRoutes(api, { db })
    contactLifecycleQueryRoutes(api, { db })
    activityTimelineRoutes(api, { db })
    activityQueryRoutes(api, { db })
    sharedNoteQueryRoutes(api, { db })
    divisionRoutes(api, { db })
    userRoutes(api, { db })
    systemConfigRoutes(api, { db })
    mailOutboxRoutes(api, { db })
    changeRoutes(api, { database })
    contactListRoutes(api, { db })
    advancedSearchRoutes(api, { db })
    globalSearchRoutes(api, { db })
    contactExportRoutes(api, { db })
    filterPresetRoutes(api, { db })
    taskQueryRoutes(api, { db })
    taskSummaryRoutes(api, { db })
    calendarRoutes(api, { db })
    jobRoutes(api, { db })
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
