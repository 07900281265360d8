import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createDatabase, type Database } from '@crm/platform'
import { createIsolatedPostgres, postgresUrl } from '@crm/platform/testing'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { embeddedDatabaseDir } from './compose-app'
import { spawnStandalone, type StandaloneChild } from './testing/spawn-standalone'

const admin = { ADMIN_EMAIL: 'stop-admin@example.com', ADMIN_PASSWORD: 'stop-admin-12345' }

async function login(child: StandaloneChild): Promise<string> {
  const response = await fetch(`${child.base}/auth/login-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

interface Acknowledged {
  id: string
  position: string
}

/**
 * Writers that create contacts one after another, each as fast as answers come, until the product stops taking
 * requests (refused connection or a 503 while it closes). Returns every write answered 201.
 */
function writeUntilStopped(child: StandaloneChild, token: string, writers: number) {
  const acknowledged: Acknowledged[] = []
  let sent = 0
  const writer = async (w: number) => {
    for (let i = 0; ; i++) {
      sent++
      let response: Response
      try {
        response = await fetch(`${child.base}/contacts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name: `Graceful Stop Freight ${w}-${i} LLC`, organizationTypeId: 7 }),
        })
      } catch {
        return // the port is closed: the product takes no more requests
      }
      if (response.status === 503) return // closing: Fastify refuses what arrives after close began
      expect(response.status).toBe(201)
      acknowledged.push((await response.json()) as Acknowledged)
    }
  }
  const done = Promise.all(Array.from({ length: writers }, (_, w) => writer(w)))
  return { acknowledged, sent: () => sent, done }
}

/** A second start on the same data reads back every acknowledged contact (the projector caught up on restart). */
async function readBackAfterRestart(env: NodeJS.ProcessEnv, acknowledged: readonly Acknowledged[]) {
  const second = await spawnStandalone({ ...env, ...admin })
  try {
    const again = await login(second)
    for (const { id, position } of acknowledged) {
      const response = await fetch(`${second.base}/contacts/${id}`, {
        headers: { authorization: `Bearer ${again}`, 'x-min-position': position },
      })
      expect(response.status, id).toBe(200)
    }
    expect(await second.stop()).toBe(0)
  } finally {
    second.process.kill('SIGKILL')
  }
}

interface Target {
  name: string
  /** Environment of the product, and the database the test reads afterwards. */
  prepare(): Promise<{ env: NodeJS.ProcessEnv; open(): Promise<Database>; cleanUp(): Promise<void> }>
}

const targets: Target[] = [
  {
    name: 'the embedded default (PGlite in DATA_DIR)',
    async prepare() {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'crm-graceful-stop-'))
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', EVENTSTORE_URL: '' },
        open: () => createDatabase({ dataDir: embeddedDatabaseDir(dataDir) }),
        cleanUp: () => rm(dataDir, { recursive: true, force: true }),
      }
    },
  },
]
const url = postgresUrl()
if (url) {
  targets.push({
    name: 'PostgreSQL',
    async prepare() {
      const database = await createIsolatedPostgres(url, 2)
      const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]!.s
      const dataDir = await mkdtemp(path.join(tmpdir(), 'crm-graceful-stop-'))
      const withSchema = new URL(url)
      withSchema.searchParams.set('options', `-c search_path=${schema}`)
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: withSchema.toString(), REDIS_URL: '', EVENTSTORE_URL: '' },
        open: async () => database,
        cleanUp: async () => {
          await database.close()
          await rm(dataDir, { recursive: true, force: true })
        },
      }
    },
  })
}

/**
 * docs/operations.md "Stopping the product": SIGTERM while writes are in flight. The process stops taking
 * requests, answers those it took, finishes the projection batch and exits 0; every write answered 201 is in
 * the store once and in the read model after a restart, and no write that was not acknowledged got in.
 */
describe('SIGTERM with writes in flight', () => {
  const cleanUps: (() => Promise<void>)[] = []
  const children: StandaloneChild[] = []
  afterAll(async () => {
    for (const child of children) child.process.kill('SIGKILL')
    for (const cleanUp of cleanUps) await cleanUp().catch(() => undefined)
  })

  it.each(targets)('on $name: every acknowledged write is kept once', { timeout: 240_000 }, async (target) => {
    const { env, open, cleanUp } = await target.prepare()
    cleanUps.push(cleanUp)
    const first = await spawnStandalone({ ...env, ...admin })
    children.push(first)
    const token = await login(first)

    const writes = writeUntilStopped(first, token, 8)
    await expect.poll(() => writes.acknowledged.length, { timeout: 60_000, interval: 20 }).toBeGreaterThan(20)
    const exitCode = await first.stop()
    await writes.done
    expect(exitCode, first.output()).toBe(0)
    const acknowledged = [...writes.acknowledged]
    expect(acknowledged.length).toBeGreaterThan(20)

    // Started again on the same data: every acknowledged contact is read back, its read model included. (On
    // PostgreSQL only: a second start of the embedded default takes a minute on a busy machine, and what it
    // would read back is the same store checked below.)
    if (target.name === 'PostgreSQL') await readBackAfterRestart(env, acknowledged)

    // In the store exactly once each, and nothing else: a write cut off without an answer would show here.
    const database = await open()
    try {
      const { rows } = await sql<{ stream_id: string }>`
        select stream_id from events where type = 'ContactCreated'`.execute(database.db)
      const streams = rows.map((r) => r.stream_id).sort()
      expect(streams).toEqual(acknowledged.map((a) => `contact-${a.id}`).sort())
    } finally {
      if (target.name.startsWith('the embedded')) await database.close()
    }
  })
})
