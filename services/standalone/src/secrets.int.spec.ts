import { loadCommandApiConfig } from '@crm/command-api'
import { createHttpApp, createLogger, registerApiRoutes } from '@crm/platform'
import { databaseTargets } from '@crm/platform/testing'
import { loadQueryApiConfig } from '@crm/query-api'
import { createSigner } from 'fast-jwt'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
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

  it('adds a credit data key to a secrets file written before there was one, keeping the others', async () => {
    const dir = await dataDir()
    await mkdir(dir, { recursive: true })
    await writeFile(secretsFile(dir), JSON.stringify({ jwtSecret: 'j'.repeat(40), ssoSecret: 's'.repeat(40) }))
    const env = await withEmbeddedSecrets(dir, {})
    expect(env).toMatchObject({ JWT_SECRET: 'j'.repeat(40), SSO_SECRET: 's'.repeat(40) })
    expect(Buffer.from(env.CREDIT_DATA_KEY!, 'base64')).toHaveLength(32)
    expect((await withEmbeddedSecrets(dir, {})).CREDIT_DATA_KEY).toBe(env.CREDIT_DATA_KEY)
  })

  it('takes the environment’s secrets when they are set', async () => {
    const dir = await dataDir()
    const env = await withEmbeddedSecrets(dir, {
      JWT_SECRET: 'from-the-environment-1234',
      SSO_SECRET: 'sso-from-env-12345',
      CREDIT_DATA_KEY: 'credit-key-from-the-environment-0123456789abcdef',
    })
    expect(env).toMatchObject({
      JWT_SECRET: 'from-the-environment-1234',
      SSO_SECRET: 'sso-from-env-12345',
      CREDIT_DATA_KEY: 'credit-key-from-the-environment-0123456789abcdef',
    })
    await expect(readFile(secretsFile(dir))).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('keeps the generated credit data key opening what it sealed once a new key is set in the environment', async () => {
    const dir = await dataDir()
    const generated = (await withEmbeddedSecrets(dir, {})).CREDIT_DATA_KEY!
    const newKey = randomBytes(32).toString('base64')
    const rotated = await withEmbeddedSecrets(dir, { CREDIT_DATA_KEY: newKey })
    expect(rotated).toMatchObject({ CREDIT_DATA_KEY: newKey, CREDIT_DATA_OLD_KEYS: generated })
    const everything = { JWT_SECRET: 'j'.repeat(40), SSO_SECRET: 's'.repeat(40), CREDIT_DATA_KEY: newKey }
    const older = randomBytes(32).toString('base64')
    expect(await withEmbeddedSecrets(dir, { ...everything, CREDIT_DATA_OLD_KEYS: older })).toMatchObject({
      CREDIT_DATA_OLD_KEYS: `${older},${generated}`,
    })
    // Unchanged key: nothing is old.
    expect((await withEmbeddedSecrets(dir, {})).CREDIT_DATA_OLD_KEYS).toBeUndefined()
    const config = loadCommandApiConfig({ ...everything, CREDIT_DATA_OLD_KEYS: ` ${older} ,${generated}` })
    expect(config.creditApplications.oldDataKeys).toEqual([older, generated])
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
