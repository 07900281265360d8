import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { MIN_POSITION_HEADER, STALE_HEADER } from '@crm/contracts'
import { createIsolatedPostgres, postgresUrl } from '@crm/platform/testing'
import type { Database } from '@crm/platform'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const url = postgresUrl()
const admin = { ADMIN_EMAIL: 'split-admin@example.com', ADMIN_PASSWORD: 'split-admin-12345' }

interface Service {
  name: string
  child: ChildProcess
  output: () => string
}

/** One service's server.ts as docker-compose runs it (`npx tsx …`), its output kept for a failure's message. */
function startService(name: string, script: string, env: NodeJS.ProcessEnv): Service {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, script)], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()))
  return { name, child, output: () => out }
}

async function freePort(): Promise<number> {
  const server = net.createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as net.AddressInfo
  server.close()
  return port
}

/** Polls until the service answers /health (it migrates what it owns before it listens). */
async function answering(service: Service, base: string): Promise<void> {
  const deadline = Date.now() + 120_000
  for (;;) {
    if (service.child.exitCode !== null) throw new Error(`${service.name} exited: ${service.output()}`)
    const ok = await fetch(`${base}/health`).then(
      (r) => r.status < 500,
      () => false,
    )
    if (ok) return
    if (Date.now() > deadline) throw new Error(`${service.name} did not start: ${service.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

async function stopped(service: Service): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return
  const exited = once(service.child, 'exit')
  service.child.kill('SIGTERM')
  const timer = setTimeout(() => service.child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(timer)
}

/**
 * The production topology (docker-compose.yml): setup once, then the command API, the projector and the query
 * API each in its own process on one PostgreSQL. What only the split shows: the query API opens the event store
 * itself, so the analysts' event export and /health's head position are there as in the standalone process.
 */
describe.skipIf(!url)('the three services in their own processes', () => {
  let database: Database
  let dataDir: string
  const services: Service[] = []
  let commandBase = ''
  let queryBase = ''

  beforeAll(async () => {
    database = await createIsolatedPostgres(url!, 2)
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]!.s
    const withSchema = new URL(url!)
    withSchema.searchParams.set('options', `-c search_path=${schema}`)
    dataDir = await mkdtemp(path.join(tmpdir(), 'crm-split-'))
    // The secrets compose passes to every service (docs/operations.md "Keys"): the same in each process.
    const env = {
      DATABASE_URL: withSchema.toString(),
      DATA_DIR: dataDir,
      REDIS_URL: '',
      EVENTSTORE_URL: '',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      JWT_SECRET: randomBytes(24).toString('base64url'),
      SSO_SECRET: randomBytes(24).toString('base64url'),
      CREDIT_DATA_KEY: randomBytes(32).toString('base64'),
    }
    const setup = startService('setup', 'services/standalone/src/setup.ts', { ...env, ...admin, SEED_DEMO: '0' })
    const [code] = (await once(setup.child, 'exit')) as [number | null]
    expect(code, setup.output()).toBe(0)

    const [commandPort, queryPort] = [await freePort(), await freePort()]
    commandBase = `http://127.0.0.1:${commandPort}/api/v1`
    queryBase = `http://127.0.0.1:${queryPort}/api/v1`
    const command = startService('command-api', 'services/command-api/src/server.ts', {
      ...env,
      PORT: String(commandPort),
    })
    const projector = startService('projector', 'services/projector/src/server.ts', env)
    const query = startService('query-api', 'services/query-api/src/server.ts', { ...env, PORT: String(queryPort) })
    services.push(command, projector, query)
    await answering(command, commandBase)
    await answering(query, queryBase)
  }, 300_000)

  afterAll(async () => {
    await Promise.all(services.map(stopped))
    await database?.close()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }, 60_000)

  it('writes on the command API, reads and exports them on the query API', { timeout: 120_000 }, async () => {
    const login = await fetch(`${commandBase}/auth/login-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.ADMIN_EMAIL, password: admin.ADMIN_PASSWORD }),
    })
    expect(login.status).toBe(200)
    const { token } = (await login.json()) as { token: string }
    const authorization = `Bearer ${token}`

    const created = await fetch(`${commandBase}/contacts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ name: 'Split Topology Freight LLC', organizationTypeId: 7 }),
    })
    expect(created.status).toBe(201)
    const { id, position } = (await created.json()) as { id: string; position: string }
    const afterWrite = { authorization, [MIN_POSITION_HEADER]: position }

    // The projector, in its own process, brings the write to the query API's read models.
    const contact = await fetch(`${queryBase}/contacts/${id}`, { headers: afterWrite })
    expect(contact.status).toBe(200)
    expect(contact.headers.get(STALE_HEADER)).toBeNull()

    // The analysts' export reads the event store from the query API's process.
    const exported = await fetch(`${queryBase}/events/export?types=ContactCreated&streamPrefix=contact-`, {
      headers: afterWrite,
    })
    expect(exported.status).toBe(200)
    const lines = (await exported.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown)
    expect(lines.some((event) => JSON.stringify(event).includes(id))).toBe(true)

    // /health knows the store's head, so an administrator sees each projection caught up (or not).
    const health = (await (await fetch(`${queryBase}/health`, { headers: { authorization } })).json()) as {
      headPosition?: string
      projections?: { caughtUp?: boolean }[]
    }
    expect(health.headPosition! >= position).toBe(true)
    expect(health.projections?.some((p) => p.caughtUp !== undefined)).toBe(true)
  })
})
