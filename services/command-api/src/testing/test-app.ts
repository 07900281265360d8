import { createLogger, createPostgresEventStore, type HttpApp } from '@crm/platform'
import type { DatabaseTarget } from '@crm/platform/testing'
import { randomBytes, randomUUID } from 'node:crypto'
import { buildCommandApp } from '../app'
import { loadCommandApiConfig } from '../config'
import { createUsersTableFixture, insertUserFixture } from './users-table.fixture'

export const rep = {
  userId: randomUUID(),
  email: 'rep@example.com',
  name: 'Rita Rep',
  divisionId: 15,
  permissions: ['call'],
  password: 'correct horse battery',
}

/** A command API on a fresh database of the target, with one rep in the users read model. */
export async function createTestCommandApp(target: DatabaseTarget, env: NodeJS.ProcessEnv = {}) {
  const database = await target.create()
  const store = await createPostgresEventStore(database)
  const config = loadCommandApiConfig({ JWT_SECRET: randomBytes(24).toString('base64url'), ...env })
  const app = await buildCommandApp({ database, store, config, logger: createLogger('test', 'silent') })
  await createUsersTableFixture(database.db)
  await insertUserFixture(database.db, rep)

  async function login(email = rep.email, password = rep.password): Promise<{ token: string; sessionToken: string }> {
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login-user', payload: { email, password } })
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`)
    return response.json()
  }

  return {
    app: app as HttpApp,
    database,
    store,
    config,
    login,
    async close() {
      await app.close()
      await database.close()
    },
  }
}
