import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createIsolatedPostgres, postgresUrl } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeStandalone, type Standalone } from './compose-app'
import { loadStandaloneConfig } from './config'
import { seed } from './seed/seed'

const url = postgresUrl()
const suite = url ? describe : describe.skip

/** Every file under `root`, relative to it; none when it does not exist. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)))
}

/**
 * The folder of uploaded files is the configured DATA_DIR's, one source of truth: an embedding (or a test) that
 * gives DATA_DIR only through loadStandaloneConfig gets its uploads there, whatever the environment of the process
 * says.
 */
suite(
  url ? 'uploads under the configured DATA_DIR (postgres)' : 'uploads under DATA_DIR (skipped: no DATABASE_URL)',
  () => {
    let standalone: Standalone
    let root: string
    let configured: string
    let fromEnvironment: string
    let dropSchema: () => Promise<void>
    const environmentBefore = process.env.DATA_DIR

    beforeAll(async () => {
      const schemaOwner = await createIsolatedPostgres(url!, 2)
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(schemaOwner.db)).rows[0]!.s
      dropSchema = () => schemaOwner.close()
      const inSchema = new URL(url!)
      inSchema.searchParams.set('options', `-c search_path=${schema}`)
      root = await mkdtemp(path.join(tmpdir(), 'crm-uploads-'))
      configured = path.join(root, 'configured')
      fromEnvironment = path.join(root, 'environment')
      // The process's environment names another folder than the configuration does.
      process.env.DATA_DIR = fromEnvironment
      const config = loadStandaloneConfig({
        DATABASE_URL: inSchema.toString(),
        REDIS_URL: '',
        EVENTSTORE_URL: '',
        DATA_DIR: configured,
        SEED_DEMO: '0',
        LOG_LEVEL: 'silent',
      })
      standalone = await composeStandalone(config)
      await standalone.app.ready()
      expect(await standalone.projector.waitUntilActive(60_000)).toBe(true)
      await seed({ ...standalone, admin: config.admin, demo: false })
    }, 120_000)

    afterAll(async () => {
      await standalone?.close().catch(() => undefined)
      await dropSchema?.()
      if (environmentBefore === undefined) delete process.env.DATA_DIR
      else process.env.DATA_DIR = environmentBefore
      if (root) await rm(root, { recursive: true, force: true })
    })

    it('writes an uploaded business card under the configured DATA_DIR, not the environment’s', async () => {
      const login = await standalone.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login-user',
        payload: { email: 'admin@example.com', password: 'admin12345' },
      })
      expect(login.statusCode).toBe(200)
      const authorization = `Bearer ${login.json().token}`
      const created = await standalone.app.inject({
        method: 'POST',
        url: '/api/v1/contacts',
        headers: { authorization },
        payload: { name: 'Configured Folder Freight', organizationTypeId: 7 },
      })
      expect(created.statusCode, created.body).toBe(201)
      const boundary = 'x-boundary'
      const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff])
      const uploaded = await standalone.app.inject({
        method: 'POST',
        url: `/api/v1/contacts/upload-business-card/${created.json().id}`,
        headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      })
      expect(uploaded.statusCode, uploaded.body).toBe(200)

      expect(await filesUnder(path.join(configured, 'files'))).toHaveLength(1)
      expect(await filesUnder(fromEnvironment)).toEqual([])
    }, 60_000)
  },
)
