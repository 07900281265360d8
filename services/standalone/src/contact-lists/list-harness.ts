import {
  filterPresetRoutes,
  leadImports,
  loadCommandApiConfig,
  prepareCommandApi,
  registerUser,
} from '@crm/command-api'
import type { PermissionKey } from '@crm/contracts'
import {
  createHttpApp,
  createJobQueue,
  createLocalFileStorage,
  createLogger,
  createPostgresEventStore,
  registerApiRoutes,
  waitForPosition,
  type HttpApp,
  type NewEvent,
} from '@crm/platform'
import type { DatabaseTarget } from '@crm/platform/testing'
import { allProjections, migrateReadModels, startProjector } from '@crm/projector'
import { loadQueryApiConfig, queryApiRoutes } from '@crm/query-api'
import { sql } from 'kysely'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { testEnv } from '../testing/test-env'

export interface HarnessUser {
  key: string
  name: string
  divisionId: number
  permissions: PermissionKey[]
}

/** Division 15's floor, for tests of who sees which rows: two reps, their manager and an executive. */
export const divisionFloor: HarnessUser[] = [
  { key: 'rep', name: 'Rita Rep', divisionId: 15, permissions: ['call'] },
  { key: 'otherRep', name: 'Otto Other', divisionId: 15, permissions: ['call'] },
  { key: 'manager', name: 'Mona Manager', divisionId: 15, permissions: ['call', 'manager'] },
  { key: 'exec', name: 'Eve Exec', divisionId: 15, permissions: ['executive', 'manager'] },
]

/** A divisionFloor user as the query API's list functions take their caller (what `callerOf` makes of a request). */
export const floorCaller = (h: { ids: Record<string, string> }, user: 'rep' | 'manager' | 'exec') => ({
  userId: h.ids[user]!,
  divisionId: 15,
  permissions: user === 'rep' ? ['call'] : user === 'manager' ? ['call', 'manager'] : ['executive', 'manager'],
  seesWholeDivision: user !== 'rep',
  seesAllDivisions: user === 'exec',
})

/**
 * Command API, projector and query API on one fresh database of the target, with in-process jobs: what the
 * standalone process runs, for tests that go from a command or an event all the way to a list.
 */
export async function createListHarness(
  target: DatabaseTarget,
  users: HarnessUser[],
  /** Settings beyond the test defaults (e.g. smaller import limits). */
  extraEnv: NodeJS.ProcessEnv = {},
) {
  const database = await target.create()
  const store = await createPostgresEventStore(database)
  const logger = createLogger('test', 'silent')
  await migrateReadModels(database, allProjections)
  await prepareCommandApi(database)
  const projector = await startProjector({
    database,
    store,
    projections: allProjections,
    logger,
    pollIntervalMs: 50,
    lease: false,
  })
  await projector.waitUntilActive(30_000)
  const jobs = createJobQueue({})
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-lists-'))
  const env = { ...testEnv, DATA_DIR: dataDir, ...extraEnv }
  const commandConfig = loadCommandApiConfig(env)
  const app = await createHttpApp({ logger, jwtSecret: commandConfig.jwtSecret, db: database.db, title: 'test' })
  // Only this feature's commands (the rest of the command API is not what these tests are about).
  const uploads = createLocalFileStorage(path.join(dataDir, 'uploads'))
  await registerApiRoutes(app, async (api) => {
    filterPresetRoutes(api, { store })
    await leadImports(api, {
      jobs,
      store,
      db: database.db,
      files: uploads,
      logger,
      limits: commandConfig.leadImportLimits,
      settleReadModels: () => projector.settle(),
    })
  })
  await registerApiRoutes(app, queryApiRoutes({ database, config: loadQueryApiConfig(env), logger }))

  const ids: Record<string, string> = {}
  const tokens: Record<string, string> = {}
  let last = null as string | null
  for (const user of users) {
    const email = `${user.key}-${randomUUID().slice(0, 8)}@example.com`
    const registered = await registerUser(store, { ...user, email, password: 'password-12345' })
    ids[user.key] = registered.userId
    last = registered.position ?? last
    const sid = randomUUID()
    await sql`insert into auth_sessions (session_id, user_id, token_hash, expires_at)
      values (${sid}::uuid, ${registered.userId}::uuid, ${sid}, now() + interval '1 hour')`.execute(database.db)
    tokens[user.key] = app.jwt.sign({
      sub: registered.userId,
      sid,
      divisionId: user.divisionId,
      permissions: user.permissions,
    })
  }
  if (last) await waitForPosition(database.db, ['users'], last, 10_000)

  /** Appends events as the command API would (one stream each), then waits for the lists to show them. */
  async function append(streamId: string, events: NewEvent[]): Promise<void> {
    const current = await store.readStream(streamId)
    const result = await store.appendToStream(streamId, events, {
      expectedVersion: current.length === 0 ? 'no_stream' : current.at(-1)!.streamVersion,
    })
    await settle(result.position)
  }
  async function settle(position?: string | null): Promise<void> {
    const head = position ?? (await store.headPosition())
    if (!(await waitForPosition(database.db, ['contact_search', 'users', 'filter_presets'], head, 20_000))) {
      const { rows } = await sql`select * from projection_checkpoints`.execute(database.db)
      throw new Error(`projections did not catch up: ${JSON.stringify(rows)}`)
    }
  }
  const request = (user: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}` }, payload: payload as object })

  return {
    app: app as HttpApp,
    database,
    store,
    jobs,
    ids,
    tokens,
    append,
    settle,
    request,
    async close() {
      await app.close()
      await projector.stop()
      await jobs.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
export type ListHarness = Awaited<ReturnType<typeof createListHarness>>
