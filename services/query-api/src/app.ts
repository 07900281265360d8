import {
  createHttpApp,
  registerApiRoutes,
  type Database,
  type EventStore,
  type HttpApp,
  type Logger,
  type Position,
} from '@crm/platform'
import { callQueryRoutes } from './calls/routes'
import { phoneLogRoutes } from './calls/phone-log-routes'
import { changeRoutes } from './changes/routes'
import type { QueryApiConfig } from './config'
import { contactRoutes } from './contacts/routes'
import { dealerRoutes } from './dealers/routes'
import { expenseRoutes } from './expenses/routes'
import { timeTravelRoutes } from './time-travel/routes'
import { eventExportRoutes } from './event-export/routes'
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
import { logisticsCustomerRoutes } from './logistics/routes'
import { loadQueryRoutes } from './loads/routes'
import { emailQueryRoutes } from './email/routes'
import { calendarRoutes } from './calendar/routes'
import { referralQueryRoutes } from './referrals/routes'
import { dashboardOpportunityRoutes } from './opportunities/dashboard-routes'
import { opportunityQueryRoutes } from './opportunities/routes'
import { notificationRoutes } from './notifications/routes'
import { attachmentRoutes } from './attachments/routes'
import { contactReportRoutes } from './reports/contact-report-routes'
import { reportRoutes } from './reports/routes'
import { taskReportRoutes } from './reports/task-report-routes'
import { creditApplicationQueryRoutes } from './credit-applications/routes'
import { fileDecoderRoutes } from './file-decoder/routes'
import { auditRoutes } from './audit/routes'
import { epicRoutes } from './epic/routes'
import { supportTableRoutes } from './lookups/routes'
import { httpEpicDirectory, type EpicDirectory } from './epic/epic-directory'

export interface QueryApiDeps {
  database: Database
  config: QueryApiConfig
  logger: Logger
  /** The event store's head position, for /health (e.g. `() => store.headPosition()`). */
  headPosition?: () => Promise<Position>
  /** The event store, read for analysts' exports and subscriptions (GET /events/…); without it they are absent. */
  eventStore?: Pick<EventStore, 'readAll' | 'headPosition'>
  /** Epic for GET /epic/epic-data and /contacts/rrg/{id}; by default from the config (none without it). */
  epic?: EpicDirectory | null
}

/** The query API's routes, to mount with registerApiRoutes (the standalone process mounts them beside the command API's). */
export function queryApiRoutes({ database, config, headPosition, eventStore, epic }: QueryApiDeps) {
  const db = database.db
  const epicDirectory = epic === undefined ? config.epic && httpEpicDirectory(config.epic) : epic
  return (api: HttpApp): void => {
    installMinPositionWait(api, db, config.minPositionWaitMs)
    // Lag is counted in the events table when the PostgreSQL store shares this database.
    healthRoutes(api, { db, sources: { headPosition, countLag: config.eventStoreUrl ? undefined : countLagIn(db) } })
    contactRoutes(api, { db })
    epicRoutes(api, { db, epic: epicDirectory })
    supportTableRoutes(api)
    dealerRoutes(api, { db })
    expenseRoutes(api, { db })
    timeTravelRoutes(api, { db })
    businessCardDownloadRoutes(api, { db, dataDir: config.dataDir })
    attachmentRoutes(api, { db, dataDir: config.dataDir })
    fileDecoderRoutes(api, { db, dataDir: config.dataDir })
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
    referralQueryRoutes(api, { db })
    logisticsCustomerRoutes(api, { db })
    loadQueryRoutes(api, { db })
    creditApplicationQueryRoutes(api, { db })
    emailQueryRoutes(api, { db })
    opportunityQueryRoutes(api, { db })
    dashboardOpportunityRoutes(api, { db })
    jobRoutes(api, { db })
    reportRoutes(api, { db })
    contactReportRoutes(api, { db })
    taskReportRoutes(api, { db })
    auditRoutes(api, { db })
    callQueryRoutes(api, { db, configured: config.callingConfigured })
    phoneLogRoutes(api, { db })
    if (eventStore) eventExportRoutes(api, { store: eventStore, minPositionWaitMs: config.minPositionWaitMs })
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
    metricsToken: deps.config.metricsToken,
  })
  await registerApiRoutes(app, queryApiRoutes(deps))
  return app
}
