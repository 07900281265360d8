import { commandApiRoutes, loadCommandApiConfig, prepareCommandApi } from '@crm/command-api'
import { MIN_POSITION_HEADER, rolePresets, type PermissionKey } from '@crm/contracts'
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

const env = testEnv

/**
 * The back end as the standalone process composes it (command API with its jobs, projector, query API on one
 * app), on a database and job queue the test owns, so that a test can stop it and start another on the same
 * data: what a restart does. Closing leaves the database's data in place.
 */
export async function startReminderStack({ database, jobs }: { database: Database; jobs: JobQueue }) {
  const logger = createLogger('test', 'silent')
  const store = await createPostgresEventStore(database, { pollIntervalMs: 50 })
  await migrateReadModels(database, allProjections)
  await prepareCommandApi(database)
  const projector = await startProjector({ database, store, projections: allProjections, logger, pollIntervalMs: 50 })
  const app = await createHttpApp({ logger, jwtSecret: env.JWT_SECRET, db: database.db })
  await registerApiRoutes(app, commandApiRoutes({ database, store, config: loadCommandApiConfig(env), logger, jobs }))
  await registerApiRoutes(app, queryApiRoutes({ database, config: loadQueryApiConfig(env), logger }))
  if (!(await projector.waitUntilActive(60_000))) throw new Error('projections did not become active')
  // Ready last: the reminder sweep starts here, as it does when the real process starts listening.
  await app.ready()

  // Shared by every actor: what one user wrote, another reads right after (as several tabs of one app would).
  let last = ''

  /** Registers the user once (fixed command id) and logs in; the same call works again after a restart. */
  async function login(name: string, permissions: readonly PermissionKey[] = rolePresets.admin, managerId?: string) {
    const { userId, token } = await signUpTestUser({ app, store, database }, name, permissions, { managerId })
    const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
      const answer = await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === 'GET' && last ? { [MIN_POSITION_HEADER]: last } : {}),
        },
        ...(payload ? { payload } : {}),
      })
      const body = String(answer.headers['content-type']).includes('json')
        ? (answer.json() as { position?: unknown })
        : {}
      const position = body?.position
      if (method !== 'GET' && typeof position === 'string' && position > last) last = position
      return answer
    }
    return {
      userId,
      get: (url: string) => call('GET', url),
      post: (url: string, body: object = {}) => call('POST', url, body),
      patch: (url: string, body: object = {}) => call('PATCH', url, body),
      delete: (url: string) => call('DELETE', url),
    }
  }

  return {
    app,
    store,
    database,
    jobs,
    login,
    async close() {
      await app.close()
      await projector.stop()
      await jobs.close()
      await store.close()
    },
  }
}

export type ReminderStack = Awaited<ReturnType<typeof startReminderStack>>
export type ReminderActor = Awaited<ReturnType<ReminderStack['login']>>
