import { commandApiPages, commandApiRoutes, loadCommandApiConfig, prepareCommandApi } from '@crm/command-api'
import { MIN_POSITION_HEADER, POSITION_HEADER, type PermissionKey } from '@crm/contracts'
import {
  createHttpApp,
  createLogger,
  createPostgresEventStore,
  registerApiRoutes,
  type Database,
  type JobQueue,
} from '@crm/platform'
import { allProjections, migrateReadModels, startProjector } from '@crm/projector'
import { loadQueryApiConfig, queryApiRoutes } from '@crm/query-api'
import { testEnv } from '../testing/test-env'
import { signUpTestUser } from '../testing/test-user'

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/**
 * The back end as the standalone process composes it, with its jobs and mail over SMTP_URL, on a database and
 * job queue the test owns: a test can stop it and start another on the same data (a restart).
 */
export async function startEmailStack(options: {
  database: Database
  jobs: JobQueue
  smtpUrl?: string
  dataDir: string
  /** More configuration, as environment variables (DKIM_*). */
  env?: Record<string, string>
}) {
  const { database, jobs } = options
  const logger = createLogger('test', 'silent')
  const store = await createPostgresEventStore(database, { pollIntervalMs: 50 })
  await migrateReadModels(database, allProjections)
  await prepareCommandApi(database)
  const projector = await startProjector({ database, store, projections: allProjections, logger, pollIntervalMs: 50 })
  const env = {
    ...testEnv,
    DATA_DIR: options.dataDir,
    MAIL_FROM: 'CRM <crm@fleet-sales.example>',
    ...(options.smtpUrl && { SMTP_URL: options.smtpUrl }),
    ...options.env,
  }
  const app = await createHttpApp({ logger, jwtSecret: env.JWT_SECRET, db: database.db })
  const config = loadCommandApiConfig(env)
  await registerApiRoutes(app, commandApiRoutes({ database, store, config, logger, jobs }))
  commandApiPages({ store, config })(app)
  await registerApiRoutes(app, queryApiRoutes({ database, config: loadQueryApiConfig(env), logger }))
  if (!(await projector.waitUntilActive(60_000))) throw new Error('projections did not become active')
  // Ready last: the sending sweep starts here, as it does when the real process starts listening.
  await app.ready()
  let last = ''

  /** Registers the user once (fixed command id) and logs in; the same call works again after a restart. */
  async function actor(name: string, permissions: readonly PermissionKey[], extra: { divisionId?: number } = {}) {
    const user = await signUpTestUser({ app, store, database }, name, permissions, extra)
    const call = async (method: Method, url: string, payload?: object) => {
      const answer = await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: {
          authorization: `Bearer ${user.token}`,
          ...(method === 'GET' && last ? { [MIN_POSITION_HEADER]: last } : {}),
        },
        ...(payload ? { payload } : {}),
      })
      const position = answer.headers[POSITION_HEADER]
      if (typeof position === 'string' && position > last) last = position
      return answer
    }
    return {
      userId: user.userId,
      get: (url: string) => call('GET', url),
      post: (url: string, body: object = {}) => call('POST', url, body),
      patch: (url: string, body: object = {}) => call('PATCH', url, body),
      delete: (url: string) => call('DELETE', url),
    }
  }

  return {
    app,
    store,
    actor,
    async close() {
      await app.close()
      await projector.stop()
      await jobs.close()
      await store.close()
    },
  }
}

export type EmailStack = Awaited<ReturnType<typeof startEmailStack>>
export type EmailActor = Awaited<ReturnType<EmailStack['actor']>>
