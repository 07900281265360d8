import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { unavailableMessages } from '@crm/platform'
import { createIsolatedPostgres, postgresUrl, startCuttableProxy, type CuttableProxy } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeStandalone, type Standalone } from './compose-app'
import { loadStandaloneConfig } from './config'
import { seed } from './seed/seed'

const url = postgresUrl()
const suite = url ? describe : describe.skip

/**
 * docs/operations.md "When PostgreSQL goes away": the product talks to PostgreSQL through a proxy the test cuts
 * (every connection reset, new ones refused) and restores, as a server that went down and came back. During the
 * cut requests answer 503 in words at once, not a hang and not a 500; after it, the same process takes writes
 * again by itself and the projector catches up from its checkpoint, with nothing acknowledged lost.
 */
suite(url ? 'PostgreSQL going away (postgres)' : 'PostgreSQL going away (skipped: DATABASE_URL is not set)', () => {
  let proxy: CuttableProxy
  let standalone: Standalone
  let dataDir: string
  let dropSchema: () => Promise<void>
  let token: string

  beforeAll(async () => {
    // An empty schema of the test's own, made over a direct connection; the product reaches it only through the proxy.
    const schemaOwner = await createIsolatedPostgres(url!, 2)
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(schemaOwner.db)).rows[0]!.s
    dropSchema = () => schemaOwner.close()
    const target = new URL(url!)
    proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 5432) })
    const through = new URL(proxy.urlThrough(url!))
    through.searchParams.set('options', `-c search_path=${schema}`)
    dataDir = await mkdtemp(path.join(tmpdir(), 'crm-pg-outage-'))
    const config = loadStandaloneConfig({
      DATABASE_URL: through.toString(),
      REDIS_URL: '',
      EVENTSTORE_URL: '',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
    })
    standalone = await composeStandalone(config)
    await standalone.app.ready()
    expect(await standalone.projector.waitUntilActive(60_000)).toBe(true)
    await seed({ ...standalone, admin: config.admin, demo: false })
    const login = await standalone.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login-user',
      payload: config.admin,
    })
    expect(login.statusCode).toBe(200)
    token = login.json().token
  })

  afterAll(async () => {
    proxy?.restore()
    await standalone?.close().catch(() => undefined)
    await proxy?.close()
    await dropSchema?.()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  const auth = () => ({ authorization: `Bearer ${token}` })
  const createContact = (name: string) =>
    standalone.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: auth(),
      payload: { name, organizationTypeId: 7 },
    })
  const readContact = (id: string, position: string) =>
    standalone.app.inject({
      method: 'GET',
      url: `/api/v1/contacts/${id}`,
      headers: { ...auth(), 'x-min-position': position },
    })

  it('answers 503 in words while the server is away, and takes writes again once it is back', async () => {
    const before = await createContact('Before The Cut Freight LLC')
    expect(before.statusCode).toBe(201)

    proxy.cut()
    const write = await createContact('During The Cut Freight LLC')
    expect(write.statusCode).toBe(503)
    expect(write.json()).toMatchObject({ status: 503, title: unavailableMessages.database })
    expect(Number(write.headers['retry-after'])).toBeGreaterThan(0)
    const read = await standalone.app.inject({ method: 'GET', url: '/api/v1/contacts', headers: auth() })
    expect(read.statusCode).toBe(503)
    expect(read.json().title).toBe(unavailableMessages.database)
    const health = await standalone.app.inject({ method: 'GET', url: '/api/v1/health' })
    expect(health.statusCode).toBe(503)
    expect(health.json()).toEqual({ status: 'down' })

    proxy.restore()
    // The same process, not restarted: the pool opens new connections on the next request.
    let after = await createContact('After The Cut Freight LLC')
    await expect
      .poll(
        async () => {
          if (after.statusCode !== 201) after = await createContact('After The Cut Freight LLC')
          return after.statusCode
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(201)
    // The projector resumed from its checkpoint: both writes acknowledged are read back, the one refused is not.
    // The projector notices within seconds (its lease and batch retries back off up to 5 s): past the read-your-
    // writes bound a read answers what the read model has, so this polls.
    for (const created of [before, after]) {
      await expect
        .poll(async () => (await readContact(created.json().id, created.json().position)).statusCode, {
          timeout: 30_000,
          interval: 250,
        })
        .toBe(200)
    }
    expect((await standalone.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200)
    // One ContactCreated per 201: the refused write left nothing, the others are there once.
    const created = await sql<{ n: string }>`
      select count(*) as n from events where type = 'ContactCreated'`.execute(standalone.database.db)
    expect(Number(created.rows[0]!.n)).toBe(2)
  })
})
