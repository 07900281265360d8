import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createIsolatedPostgres, postgresUrl, startCuttableProxy, type CuttableProxy } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeStandalone, type Standalone } from './compose-app'
import { loadStandaloneConfig } from './config'
import { seed } from './seed/seed'

const url = postgresUrl()
const redisUrl = process.env.REDIS_URL
const suite = url && redisUrl ? describe : describe.skip

/** A lead CSV of `rows` carriers with distinct DOT numbers. */
function leadCsv(rows: number, dotBase: number): string {
  const lines = ['usdot,mc,name_and_safer_name,business_phone,city,state,zip,date_entered,trucks']
  for (let i = 1; i <= rows; i++) {
    lines.push(
      `${dotBase + i},,Redis Outage Freight ${i} LLC,555${String(i).padStart(7, '0')},Joliet,IL,60431,2026-01-15,3`,
    )
  }
  return lines.join('\n')
}

/**
 * docs/operations.md "When Redis goes away", decision 056: the job queue's Redis is reached through a proxy the
 * test cuts. A command that queues a job (a lead upload) has recorded it as events before it queues it, so it
 * answers 202 as usual after a short wait instead of hanging; the job runs by itself once Redis is back, in the
 * same process, and the import creates every row once.
 */
suite(
  url && redisUrl
    ? 'Redis going away (postgres, BullMQ)'
    : 'Redis going away (skipped: DATABASE_URL and REDIS_URL are both needed)',
  () => {
    let proxy: CuttableProxy
    let standalone: Standalone
    let database: Awaited<ReturnType<typeof createIsolatedPostgres>>
    let dataDir: string
    let base: string
    let token: string

    beforeAll(async () => {
      database = await createIsolatedPostgres(url!, 2)
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]!.s
      const withSchema = new URL(url!)
      withSchema.searchParams.set('options', `-c search_path=${schema}`)
      const redis = new URL(redisUrl!)
      proxy = await startCuttableProxy({ host: redis.hostname, port: Number(redis.port || 6379) })
      dataDir = await mkdtemp(path.join(tmpdir(), 'crm-redis-outage-'))
      const config = loadStandaloneConfig({
        DATABASE_URL: withSchema.toString(),
        REDIS_URL: proxy.urlThrough(redisUrl!),
        JOBS_PREFIX: `redis-outage-${randomBytes(4).toString('hex')}`,
        EVENTSTORE_URL: '',
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'silent',
      })
      standalone = await composeStandalone(config)
      expect(standalone.jobs.kind).toBe('bullmq')
      await standalone.app.listen({ port: 0, host: '127.0.0.1' })
      base = `http://127.0.0.1:${(standalone.app.server.address() as AddressInfo).port}/api/v1`
      expect(await standalone.projector.waitUntilActive(60_000)).toBe(true)
      await seed({ ...standalone, admin: config.admin, demo: false })
      const login = await fetch(`${base}/auth/login-user`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(config.admin),
      })
      expect(login.status).toBe(200)
      token = ((await login.json()) as { token: string }).token
    })

    afterAll(async () => {
      proxy?.restore()
      await standalone?.close().catch(() => undefined)
      await proxy?.close()
      await database?.close()
      if (dataDir) await rm(dataDir, { recursive: true, force: true })
    })

    const jobStatus = async (jobId: string, after: string) => {
      const response = await fetch(`${base}/jobs/lead-import/${jobId}`, {
        headers: { authorization: `Bearer ${token}`, 'x-min-position': after },
      })
      expect(response.status).toBe(200)
      return (await response.json()) as { state: string; result?: { created: number; rows: number } }
    }

    it('takes an upload while Redis is away and runs its job once Redis is back', async () => {
      const rows = 30
      const dotBase = 80_000_000 + Math.floor(Math.random() * 1_000_000)
      proxy.cut()
      const form = new FormData()
      form.append('file', new Blob([leadCsv(rows, dotBase)], { type: 'text/csv' }), 'redis-outage.csv')
      const uploaded = await fetch(`${base}/contacts/upload-new-leads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
      expect(uploaded.status).toBe(202)
      const { jobId } = (await uploaded.json()) as { jobId: string }
      const after = uploaded.headers.get('x-position') ?? ''
      // Recorded, not run: the queue cannot hand it to a worker while Redis is away.
      expect((await jobStatus(jobId, after)).state).not.toBe('completed')
      expect(proxy.open).toBe(0)

      proxy.restore()
      await expect
        .poll(async () => (await jobStatus(jobId, after)).state, { timeout: 45_000, interval: 250 })
        .toBe('completed')
      expect((await jobStatus(jobId, after)).result).toMatchObject({ rows, created: rows })
      const { rows: counted } = await sql<{ n: string }>`
        select count(*) as n from events where type = 'ContactCreated'`.execute(database.db)
      expect(Number(counted[0]!.n)).toBe(rows)
    })
  },
)
