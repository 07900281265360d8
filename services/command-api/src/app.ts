import {
  createHttpApp,
  createMailer,
  migrateAuthSessions,
  migrateMailOutbox,
  registerApiRoutes,
  type Database,
  type EventStore,
  type HttpApp,
  type Logger,
  type JobQueue,
  createLocalFileStorage,
} from '@crm/platform'
import { authRoutes } from './auth/routes'
import { accessTicketRoutes } from './auth/access-ticket-routes'
import type { CommandApiConfig } from './config'
import { contactRoutes } from './contacts/routes'
import { contactLifecycleRoutes } from './contacts/lifecycle-routes'
import { loginAsRoutes } from './auth/login-as-routes'
import { passwordRoutes } from './auth/password-routes'
import { divisionRoutes } from './divisions/routes'
import { systemConfigRoutes } from './system-config/routes'
import { userRoutes } from './users/routes'
import path from 'node:path'
import { filterPresetRoutes } from './filter-presets/routes'
import { leadImports } from './lead-import/lead-imports'
import { taskRoutes } from './tasks/routes'
import { meetingRoutes } from './meetings/routes'
import { notificationRoutes } from './notifications/routes'
import { registerTaskReminders } from './reminders/register-reminders'

export interface CommandApiDeps {
  database: Database
  store: EventStore
  config: CommandApiConfig
  logger: Logger
  /** Background jobs (lead imports). Without it the upload route is not offered. */
  jobs?: JobQueue
}

/** Creates the command API's own tables (login sessions). Idempotent; run before serving. */
export async function prepareCommandApi(database: Database): Promise<void> {
  await migrateAuthSessions(database.db)
  await migrateMailOutbox(database.db)
}

/** The command API's routes, to mount with registerApiRoutes (the standalone process mounts them beside the query API's). */
export function commandApiRoutes({ database, store, config, jobs, logger }: CommandApiDeps) {
  return (api: HttpApp): void => {
    authRoutes(api, { db: database.db, store, config })
    accessTicketRoutes(api, { db: database.db })
    contactRoutes(api, { store })
    contactLifecycleRoutes(api, { store, db: database.db, dataDir: config.dataDir })
    const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db })
    passwordRoutes(api, { db: database.db, store, mailer, config })
    loginAsRoutes(api, { db: database.db, store, config })
    userRoutes(api, { db: database.db, store })
    divisionRoutes(api, { db: database.db, store })
    systemConfigRoutes(api, { db: database.db, store })
    filterPresetRoutes(api, { store })
    // Task reminders run where jobs run; their sweep re-queues what is due from the read model at start-up.
    const reminders = jobs ? registerTaskReminders(api, { jobs, store, db: database.db, logger }) : undefined
    const taskFiles = createLocalFileStorage(path.join(config.dataDir, 'files'))
    taskRoutes(api, { store, db: database.db, files: taskFiles, reminders, logger })
    notificationRoutes(api, { store, db: database.db })
    meetingRoutes(api, { store, db: database.db })
    if (jobs) {
      const uploads = createLocalFileStorage(path.join(config.dataDir, 'uploads'))
      void leadImports(api, { jobs, store, db: database.db, files: uploads, logger, limits: config.leadImportLimits })
    }
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
