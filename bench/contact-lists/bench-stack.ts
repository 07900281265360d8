import { leadImports, loadCommandApiConfig } from '@crm/command-api'
import {
  createHttpApp,
  createJobQueue,
  createLocalFileStorage,
  createLogger,
  createPostgresEventStore,
  migrateAuthSessions,
  registerApiRoutes,
  type Database,
} from '@crm/platform'
import { createIsolatedPostgres } from '@crm/platform/testing'
import { allProjections, migrateReadModels, startProjector, type Projector } from '@crm/projector'
import { loadQueryApiConfig, queryApiRoutes } from '@crm/query-api'
import { sql } from 'kysely'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

// Random per run: no secret in the source is ever accepted.
const JWT_SECRET = randomBytes(24).toString('base64url')

/**
 * Query API, lead import and projector on a schema of their own on real PostgreSQL, as the standalone
 * process composes them. `stopProjector` / `startProjector` let the generator fill contact_search directly.
 */
export async function createBenchStack(databaseUrl: string) {
  const database: Database = await createIsolatedPostgres(databaseUrl, 24)
  const store = await createPostgresEventStore(database)
  const logger = createLogger('bench', 'silent')
  await migrateReadModels(database, allProjections)
  await migrateAuthSessions(database.db)
  let projector: Projector | null = null
  const start = async () => {
    projector = await startProjector({
      database,
      store,
      projections: allProjections,
      logger,
      lease: false,
      pollIntervalMs: 100,
    })
    await projector.waitUntilActive(60_000)
  }
  await start()
  const jobs = createJobQueue({})
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-bench-'))
  const env = { JWT_SECRET, DATA_DIR: dataDir }
  const app = await createHttpApp({ logger, jwtSecret: JWT_SECRET, db: database.db, title: 'bench' })
  const uploads = createLocalFileStorage(path.join(dataDir, 'uploads'))
  const { leadImportLimits: limits } = loadCommandApiConfig(env)
  await registerApiRoutes(app, (api) =>
    leadImports(api, { jobs, store, db: database.db, files: uploads, logger, limits }),
  )
  await registerApiRoutes(app, queryApiRoutes({ database, config: loadQueryApiConfig(env), logger }))

  /** A bearer token of a live session (the command API's login, without the password hashing). */
  async function tokenFor(user: { userId: string; divisionId: number; permissions: string[] }): Promise<string> {
    const sid = randomUUID()
    await sql`insert into auth_sessions (session_id, user_id, token_hash, expires_at)
      values (${sid}::uuid, ${user.userId}::uuid, ${sid}, now() + interval '2 hours')`.execute(database.db)
    return app.jwt.sign({ sub: user.userId, sid, divisionId: user.divisionId, permissions: user.permissions })
  }
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]!.s
  return {
    app,
    database,
    store,
    jobs,
    schema,
    tokenFor,
    stopProjector: async () => {
      await projector?.stop()
      projector = null
    },
    startProjector: start,
    async close() {
      await app.close()
      await projector?.stop()
      await jobs.close()
      await database.close()
    },
  }
}
export type BenchStack = Awaited<ReturnType<typeof createBenchStack>>
