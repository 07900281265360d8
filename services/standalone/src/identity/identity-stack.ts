import { commandApiRoutes, loadCommandApiConfig, prepareCommandApi } from '@crm/command-api'
import { readModelNames, rolePresets, type PermissionKey, type ReadModelName } from '@crm/contracts'
import {
  METRICS_PATH,
  createHttpApp,
  createLogger,
  createPostgresEventStore,
  makePosition,
  registerApiRoutes,
  waitForPosition,
  type HttpApp,
  type JobQueue,
  type Logger,
} from '@crm/platform'
import type { DatabaseTarget } from '@crm/platform/testing'
import { allProjections, migrateReadModels, startProjector } from '@crm/projector'
import { loadQueryApiConfig, queryApiRoutes } from '@crm/query-api'
import { sql } from 'kysely'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { seedIdentity } from '../seed/seed-identity'
import { testEnv } from '../testing/test-env'
import { signUpTestUser } from '../testing/test-user'

// Lists, exports and the status audit are here for the permission matrix's reads.
const identityReadModels: readonly ReadModelName[] = [
  readModelNames.users,
  readModelNames.divisions,
  readModelNames.systemConfig,
  readModelNames.contactDivisions,
  readModelNames.contactsList,
  readModelNames.contactSearch,
  readModelNames.statusHistory,
]

export type RouteInfo = {
  method: string
  url: string
  public: boolean
  schema: RouteSchema
  /** The read models X-Min-Position waits for on this route (its config's `projections`). */
  projections: readonly ReadModelName[]
}
/** The zod schemas a route validates with (params, querystring, body). */
export type RouteSchema = { params?: unknown; querystring?: unknown; body?: unknown }

/** Jobs are accepted and recorded, never run: a background import would append events while tests count them. */
function recordingJobQueue(): JobQueue & { enqueued: { name: string; data: unknown }[] } {
  const enqueued: { name: string; data: unknown }[] = []
  return {
    kind: 'in-process',
    enqueued,
    register: () => undefined,
    enqueue: async (name, data, options) => {
      enqueued.push({ name, data })
      return options?.jobId ?? String(enqueued.length)
    },
    getJob: async () => undefined,
    close: async () => undefined,
  }
}

/**
 * The whole back end as the standalone process composes it (command API, projector, query API on one app)
 * on a fresh database of the target, with the seeded divisions and an administrator. Every API route is
 * recorded as it is added, so route-wide tests cover routes that do not exist yet when they are written.
 */
export async function createIdentityStack(
  target: DatabaseTarget,
  env: NodeJS.ProcessEnv = {},
  options: { everyReadModel?: boolean; logger?: Logger } = {},
) {
  const logger = options.logger ?? createLogger('test', 'silent')
  const database = await target.create()
  const store = await createPostgresEventStore(database)
  // Only the read models these routes read: other teams' projections (and their state of work) stay out.
  const projections = options.everyReadModel
    ? allProjections
    : allProjections.filter((p) => identityReadModels.includes(p.name))
  await migrateReadModels(database, projections)
  await prepareCommandApi(database)
  const projector = await startProjector({ database, store, projections, logger, pollIntervalMs: 50, lease: false })
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crm-identity-'))
  const jobs = recordingJobQueue()
  const fullEnv = {
    ...testEnv,
    DATA_DIR: dataDir,
    ...env,
  }
  const commandConfig = loadCommandApiConfig(fullEnv)
  const queryConfig = loadQueryApiConfig(fullEnv)
  const app = await createHttpApp({
    logger,
    jwtSecret: commandConfig.jwtSecret,
    db: database.db,
    metricsToken: commandConfig.metricsToken,
  })
  const routes: RouteInfo[] = []
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/v1/') || route.url.startsWith('/api/v1/docs')) return
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue
      routes.push({
        method,
        url: route.url,
        public: route.config?.public === true,
        schema: route.schema ?? {},
        projections: route.config?.projections ?? [],
      })
    }
  })
  // Added by createHttpApp itself, before the hook above: outside /api/v1, and a token is needed all the same.
  routes.push({ method: 'GET', url: METRICS_PATH, public: false, schema: {}, projections: [] })
  await registerApiRoutes(app, commandApiRoutes({ database, store, config: commandConfig, logger, jobs }))
  await registerApiRoutes(app, queryApiRoutes({ database, config: queryConfig, logger, eventStore: store }))
  await app.ready()
  if (!(await projector.waitUntilActive(30_000))) throw new Error('projections did not become active')
  await seedIdentity({ store, database, logger, demo: false })

  // The last appended event, committed or not by others: headPosition() may lag behind on a shared server
  // while unrelated transactions hold the snapshot back, and waiting for it would then wait for nothing.
  let projectorStopped = false
  const caughtUp = async () => {
    const { rows } = await sql<{ tx: string; pos: string }>`
      select transaction_id::text as tx, global_position::text as pos from events order by global_position desc limit 1`.execute(
      database.db,
    )
    if (!rows[0]) return
    const reached = await waitForPosition(
      database.db,
      projections.map((p) => p.name),
      makePosition(rows[0].tx, rows[0].pos),
      20_000,
    )
    if (!reached) throw new Error('read models did not catch up')
  }

  async function login(email: string, password: string) {
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login-user', payload: { email, password } })
    if (response.statusCode !== 200) throw new Error(`login ${email}: ${response.statusCode} ${response.body}`)
    return response.json() as { token: string; sessionToken: string; user: { userId: string } }
  }

  /** A user with exactly these permissions (and optionally a manager), logged in. */
  async function userWith(
    name: string,
    permissions: readonly PermissionKey[],
    extra: { managerId?: string; divisionId?: number } = {},
  ) {
    const user = await signUpTestUser({ app, store, database }, name, permissions, extra)
    await caughtUp()
    return user
  }

  return {
    app: app as HttpApp,
    database,
    store,
    routes,
    jobs,
    commandConfig,
    caughtUp,
    login,
    userWith,
    admin: () => userWith('Admin Person', rolePresets.admin),
    /** Stops the projector: read models stay as they are, as when it lags behind the commands. */
    async pauseProjector() {
      projectorStopped = true
      await projector.stop()
    },
    async eventCount(): Promise<number> {
      const { rows } = await sql<{ n: string }>`select count(*) as n from events`.execute(database.db)
      return Number(rows[0]!.n)
    },
    async close() {
      await app.close()
      if (!projectorStopped) await projector.stop()
      await store.close()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type IdentityStack = Awaited<ReturnType<typeof createIdentityStack>>
