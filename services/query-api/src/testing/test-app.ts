import { createLogger, type HttpApp } from '@crm/platform'
import type { DatabaseTarget } from '@crm/platform/testing'
import { sql } from 'kysely'
import { randomBytes, randomUUID } from 'node:crypto'
import { buildQueryApp, type QueryApiDeps } from '../app'
import { loadQueryApiConfig } from '../config'
import { createReadModelFixture } from './read-model-tables.fixture'

export interface TestUser {
  userId: string
  divisionId: number
  permissions: string[]
  name?: string
}

/** A query API on a fresh database of the target with empty read-model tables (see the fixture). */
export async function createTestQueryApp(
  target: DatabaseTarget,
  env: NodeJS.ProcessEnv = {},
  extra: Partial<QueryApiDeps> = {},
) {
  const database = await target.create()
  await createReadModelFixture(database.db)
  const config = loadQueryApiConfig({ JWT_SECRET: randomBytes(24).toString('base64url'), ...env })
  const app = await buildQueryApp({ database, config, logger: createLogger('test', 'silent'), ...extra })

  /** A bearer token of a live session, as login would give (the command API owns login). */
  async function tokenFor(user: TestUser): Promise<string> {
    const sid = randomUUID()
    await sql`insert into auth_sessions (session_id, user_id, token_hash, expires_at)
              values (${sid}::uuid, ${user.userId}::uuid, ${sid}, now() + interval '1 hour')`.execute(database.db)
    await sql`insert into users (user_id, email, name, division_id, permissions)
              values (${user.userId}::uuid, ${`${user.userId}@example.com`}, ${user.name ?? 'User'}, ${user.divisionId}, ${user.permissions}::text[])
              on conflict do nothing`.execute(database.db)
    return app.jwt.sign({ sub: user.userId, sid, divisionId: user.divisionId, permissions: user.permissions })
  }

  return {
    app: app as HttpApp,
    database,
    db: database.db,
    tokenFor,
    async close() {
      await app.close()
      await database.close()
    },
  }
}
