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
import { dealerRoutes } from './dealers/routes'
import { expenseRoutes } from './expenses/routes'
import { contactLifecycleRoutes } from './contact-lifecycle-routes'
import { loginAsRoutes } from './auth/login-as-routes'
import { migrateSsoLinks } from './auth/sso-single-use'
import { passwordRoutes } from './auth/password-routes'
import { divisionRoutes } from './divisions/routes'
import { systemConfigRoutes } from './system-config/routes'
import { userRoutes } from './users/routes'
import path from 'node:path'
import { filterPresetRoutes } from './filter-presets/routes'
import { leadImports } from './lead-import/lead-imports'
import { taskRoutes } from './workflows/task-routes'
import { meetingRoutes } from './meetings/routes'
import { referralRoutes } from './referrals/routes'
import { opportunityRoutes } from './opportunities/routes'
import { notificationRoutes } from './notifications/routes'
import { registerTaskReminders } from './reminders/register-reminders'
import { logisticsCustomerRoutes } from './logistics/customer-routes'
import { loadRoutes } from './loads/routes'
import { creditApplicationRoutes } from './credit-applications/routes'
import { creditApplicationIntakeRoutes } from './credit-applications/intake-routes'
import { creditApplicationContactRoutes } from './credit-applications/contact-routes'
import { createSealer } from './credit-applications/sealing'
import { creditFormSecret } from './credit-applications/form-token'
import { registerEmail } from './email/register-email'
import { emailTemplateRoutes } from './email/template-routes'
import { registerCalling } from './calls/calling'
import { emailLinkSecret } from './email/link-token'
import { clickLinkPage } from './email/click-link-page'
import { readModelRoutes } from './read-models/routes'

export interface CommandApiDeps {
  database: Database
  store: EventStore
  config: CommandApiConfig
  logger: Logger
  /** Background jobs (lead imports). Without it the upload route is not offered. */
  jobs?: JobQueue
  /** The projector's read-model upkeep, where it runs in this process: large lead imports finish after it. */
  settleReadModels?: () => Promise<void>
}

/** Creates the command API's own tables (login sessions). Idempotent; run before serving. */
export async function prepareCommandApi(database: Database): Promise<void> {
  await migrateAuthSessions(database.db)
  await migrateSsoLinks(database.db)
  await migrateMailOutbox(database.db)
}

/** The command API's routes, to mount with registerApiRoutes (the standalone process mounts them beside the query API's). */
export function commandApiRoutes({ database, store, config, jobs, logger, settleReadModels }: CommandApiDeps) {
  return (api: HttpApp): void => {
    authRoutes(api, { db: database.db, store, config })
    accessTicketRoutes(api, { db: database.db })
    contactRoutes(api, { store })
    dealerRoutes(api, { store, db: database.db })
    contactLifecycleRoutes(api, { store, db: database.db, dataDir: config.dataDir })
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      db: database.db,
      ...(config.dkim && { dkim: config.dkim }),
    })
    // Its pooled SMTP connections end with the app. Fastify runs onClose hooks last-added first, so this runs after
    // the hooks of everything registered below that sends mail (password resets and email sending each wait there
    // for their mails under way).
    api.addHook('onClose', () => mailer.close())
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
    // Receipts live beside the other files.
    expenseRoutes(api, { store, files: taskFiles, db: database.db })
    notificationRoutes(api, { store, db: database.db })
    meetingRoutes(api, { store, db: database.db })
    referralRoutes(api, { store, db: database.db })
    logisticsCustomerRoutes(api, { store })
    loadRoutes(api, { store })
    // Credit applications hold sealed data: without the key from configuration they are not offered at all.
    if (config.creditApplications.dataKey) {
      const sealer = createSealer(config.creditApplications.dataKey, config.creditApplications.oldDataKeys)
      creditApplicationRoutes(api, { store, sealer, db: database.db })
      const formSecret = creditFormSecret(config.creditApplications.formSecret, config.jwtSecret)
      creditApplicationIntakeRoutes(api, { store, sealer, settings: { ...config.creditApplications, formSecret } })
      creditApplicationContactRoutes(api, { store })
    }
    // Sending needs the job system; templates do not.
    const links = { secret: emailLinkSecret(config.emailLinkSecret, config.jwtSecret), publicUrl: config.publicUrl }
    if (jobs) registerEmail(api, { jobs, store, db: database.db, logger, mailer, mailFrom: config.mailFrom, links })
    else emailTemplateRoutes(api, { store })
    registerCalling(api, { store, db: database.db, config, logger, jobs })
    opportunityRoutes(api, { store, db: database.db })
    readModelRoutes(api, { db: database.db, store })
    if (jobs) {
      const uploads = createLocalFileStorage(path.join(config.dataDir, 'uploads'))
      const limits = config.leadImportLimits
      void leadImports(api, { jobs, store, db: database.db, files: uploads, logger, limits, settleReadModels })
    }
  }
}

/**
 * The command API's pages outside /api/v1, mounted at the app's root: the tracked click link of sent email
 * (its address is in mail already sent).
 */
export function commandApiPages({ store, config }: Pick<CommandApiDeps, 'store' | 'config'>) {
  return (app: HttpApp): void => {
    clickLinkPage(app, { store, secret: emailLinkSecret(config.emailLinkSecret, config.jwtSecret) })
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
    metricsToken: deps.config.metricsToken,
    tokenTtlSeconds: deps.config.jwtTtlSeconds,
  })
  await registerApiRoutes(app, commandApiRoutes(deps))
  commandApiPages(deps)(app)
  return app
}
