import { commandApiRoutes, loadCommandApiConfig, prepareCommandApi } from '@crm/command-api'
import { MIN_POSITION_HEADER, POSITION_HEADER, rolePresets, type PermissionKey } from '@crm/contracts'
import {
  createHttpApp,
  createJobQueue,
  createLogger,
  createPostgresEventStore,
  registerApiRoutes,
  type JobQueue,
} from '@crm/platform'
import type { DatabaseTarget } from '@crm/platform/testing'
import { allProjections, migrateReadModels, startProjector, type AnyProjection } from '@crm/projector'
import { loadQueryApiConfig, queryApiRoutes } from '@crm/query-api'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { testEnv } from '../testing/test-env'
import { signUpTestUser, type TestUserOptions } from '../testing/test-user'

/** The whole back end on one app, every projection running, on a fresh database of the target. */
async function createStack(
  target: DatabaseTarget,
  dataDir: string,
  projections: readonly AnyProjection[],
  extraEnv: Record<string, string>,
  jobs?: JobQueue,
) {
  const logger = createLogger('test', 'silent')
  const database = await target.create()
  const store = await createPostgresEventStore(database, { pollIntervalMs: 50 })
  await migrateReadModels(database, projections)
  await prepareCommandApi(database)
  const projector = await startProjector({ database, store, projections, logger, pollIntervalMs: 50 })
  const env = { ...testEnv, ...extraEnv, DATA_DIR: dataDir }
  const commandConfig = loadCommandApiConfig(env)
  const app = await createHttpApp({ logger, jwtSecret: commandConfig.jwtSecret, db: database.db })
  await registerApiRoutes(app, commandApiRoutes({ database, store, config: commandConfig, logger, jobs }))
  await registerApiRoutes(app, queryApiRoutes({ database, config: loadQueryApiConfig(env), logger, eventStore: store }))
  await app.ready()
  if (!(await projector.waitUntilActive(30_000))) throw new Error('projections did not become active')

  const userWith = (name: string, permissions: readonly PermissionKey[], extra: TestUserOptions = {}) =>
    signUpTestUser({ app, store, database }, name, permissions, extra)

  return {
    app,
    database,
    store,
    projector,
    logger,
    userWith,
    async close() {
      await app.close()
      await projector.stop()
      await store.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/**
 * Command API + projector + query API on one app (as the standalone process runs them) with helpers to act
 * as a user: every command's position is sent back on the next query (read-your-writes), so tests read what
 * they just wrote without sleeping.
 */
/**
 * `projections`: the read models the stack's projector runs (a test adds one later); `env`: settings of the
 * services beyond the test defaults.
 */
export async function createLifecycleStack(
  target: DatabaseTarget,
  {
    projections = allProjections,
    env = {},
    jobs = false,
  }: {
    projections?: readonly AnyProjection[]
    env?: Record<string, string>
    /** Background jobs in the process (mail sending, imports, reminders), as the standalone process runs them. */
    jobs?: boolean
  } = {},
) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crm-lifecycle-'))
  const stack = await createStack(target, dataDir, projections, env, jobs ? createJobQueue({}) : undefined)
  let lastPosition = ''

  const client = (token: string) => {
    const call = async (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) => {
      const response = await stack.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === 'GET' && lastPosition ? { [MIN_POSITION_HEADER]: lastPosition } : {}),
          ...headers,
        },
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      const position = response.headers[POSITION_HEADER]
      if (typeof position === 'string' && position > lastPosition) lastPosition = position
      return response
    }
    return {
      get: (url: string) => call('GET', url),
      post: (url: string, body?: unknown, headers?: Record<string, string>) => call('POST', url, body ?? {}, headers),
      patch: (url: string, body?: unknown) => call('PATCH', url, body ?? {}),
      delete: (url: string, body?: unknown) => call('DELETE', url, body),
      raw: call,
    }
  }

  async function actor(name: string, permissions: readonly PermissionKey[], extra: TestUserOptions = {}) {
    const user = await stack.userWith(name, permissions, extra)
    return { ...user, ...client(user.token) }
  }

  return {
    ...stack,
    dataDir,
    actor,
    adminActor: () => actor('Ada Admin', rolePresets.admin),
    /** POST /contacts as this client; returns the new id. */
    async createContact(as: ReturnType<typeof client>, body: Record<string, unknown> = {}) {
      const response = await as.post('/contacts', { name: 'Lifecycle Freight', organizationTypeId: 7, ...body })
      if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`)
      return response.json().id as string
    },
    /** Names a division (as seeding does: DivisionCreated); the next GET waits for it. */
    async nameDivision(divisionId: number, name: string) {
      const { position } = await stack.store.appendToStream(
        `division-${divisionId}`,
        [
          {
            eventId: randomUUID(),
            type: 'DivisionCreated',
            data: { divisionId, name },
            metadata: systemMetadata(),
          },
        ],
        { expectedVersion: 'any' },
      )
      if (position > lastPosition) lastPosition = position
    },
  }
}

export type LifecycleStack = Awaited<ReturnType<typeof createLifecycleStack>>
export type Actor = Awaited<ReturnType<LifecycleStack['actor']>>

/** The metadata of an event a test writes straight to the store, as the system (no user, no request). */
export function systemMetadata() {
  return {
    commandId: randomUUID(),
    userId: null,
    divisionId: null,
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
  }
}
