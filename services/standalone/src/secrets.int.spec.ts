import { loadCommandApiConfig } from '@crm/command-api'
import { createHttpApp, createLogger, registerApiRoutes } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { loadQueryApiConfig } from '@crm/query-api'
import { createSigner } from 'fast-jwt'
import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { secretsFile, withEmbeddedSecrets } from './secrets'

describe('the embedded default’s secrets', () => {
  const dirs: string[] = []
  const dataDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'crm-secrets-'))
    dirs.push(dir)
    return path.join(dir, 'data')
  }
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))))

  it('generates random JWT and SSO secrets on first start, in a file only its owner reads, and keeps them', async () => {
    const dir = await dataDir()
    const first = await withEmbeddedSecrets(dir, {})
    expect(first.JWT_SECRET!.length).toBeGreaterThanOrEqual(32)
    expect(first.SSO_SECRET!.length).toBeGreaterThanOrEqual(32)
    expect(first.SSO_SECRET).not.toBe(first.JWT_SECRET)
    expect((await stat(secretsFile(dir))).mode & 0o777).toBe(0o600)
    const again = await withEmbeddedSecrets(dir, {})
    expect(again).toMatchObject({ JWT_SECRET: first.JWT_SECRET, SSO_SECRET: first.SSO_SECRET })
    // Another data folder, other secrets.
    expect((await withEmbeddedSecrets(await dataDir(), {})).JWT_SECRET).not.toBe(first.JWT_SECRET)
  })

  it('takes the environment’s secrets when they are set', async () => {
    const dir = await dataDir()
    const env = await withEmbeddedSecrets(dir, {
      JWT_SECRET: 'from-the-environment-1234',
      SSO_SECRET: 'sso-from-env-12345',
    })
    expect(env).toMatchObject({ JWT_SECRET: 'from-the-environment-1234', SSO_SECRET: 'sso-from-env-12345' })
    await expect(readFile(secretsFile(dir))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('leaves the services started one by one unable to start without JWT_SECRET', () => {
    expect(() => loadCommandApiConfig({})).toThrow(/JWT_SECRET/)
    expect(() => loadQueryApiConfig({})).toThrow(/JWT_SECRET/)
  })
})

describe.each(databaseTargets())('tokens of another secret on $name', (target) => {
  it('refuses a token signed with any secret but the instance’s, the old built-in default included', async () => {
    const database = await target.create()
    const dir = await mkdtemp(path.join(tmpdir(), 'crm-secrets-'))
    const env = await withEmbeddedSecrets(dir, {})
    const app = await createHttpApp({
      logger: createLogger('test', 'silent'),
      jwtSecret: env.JWT_SECRET!,
      db: database.db,
    })
    await registerApiRoutes(app, (api) => {
      api.get('/me', async (request) => request.user)
    })
    try {
      const claims = { sub: randomUUID(), sid: randomUUID(), divisionId: 15, permissions: ['admin'] }
      for (const key of ['dev-only-secret-change-me-in-production', 'some-other-secret-of-16+', env.SSO_SECRET!]) {
        const forged = createSigner({ key, algorithm: 'HS256', expiresIn: 60_000 })(claims)
        const answer = await app.inject({
          method: 'GET',
          url: '/api/v1/me',
          headers: { authorization: `Bearer ${forged}` },
        })
        expect(answer.statusCode, key).toBe(401)
      }
    } finally {
      await app.close()
      await database.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
