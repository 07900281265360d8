import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
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

/**
 * A service's `command:` in docker-compose.yml, as compose starts it in the container (its first process). The
 * file's one-line form, `command: ['node', '--import', 'tsx', 'services/…/server.ts']`.
 */
function composeCommand(compose: string, service: string): string[] {
  const block = compose.split(/^ {2}(?=[a-z-]+:\s*$)/m).find((b) => b.startsWith(`${service}:`))
  const line = block && /^ {4}command: (\[.*\])$/m.exec(block)?.[1]
  if (!line) throw new Error(`docker-compose.yml: no one-line command for ${service}`)
  return JSON.parse(line.replaceAll("'", '"')) as string[]
}

const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8')

/** One service as docker-compose runs it (its `command:`, node being this one), its output kept for a failure. */
function startService(name: string, env: NodeJS.ProcessEnv): Service {
  const [program, ...args] = composeCommand(compose, name)
  // The container's first process must be node itself, or `docker stop`'s SIGTERM never reaches the server.
  if (program !== 'node') throw new Error(`docker-compose.yml starts ${name} with ${program}, not node`)
  const child = spawn(process.execPath, args, {
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

/** SIGTERM, as `docker stop` sends it to the container's first process; the exit code (or the signal's name). */
async function stopped(service: Service): Promise<number | string | null> {
  const { child } = service
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode ?? child.signalCode
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  const [code, signal] = await exited
  clearTimeout(timer)
  return code ?? signal
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
    const setup = startService('setup', { ...env, ...admin, SEED_DEMO: '0' })
    const [code] = (await once(setup.child, 'exit')) as [number | null]
    expect(code, setup.output()).toBe(0)

    const [commandPort, queryPort] = [await freePort(), await freePort()]
    commandBase = `http://127.0.0.1:${commandPort}/api/v1`
    queryBase = `http://127.0.0.1:${queryPort}/api/v1`
    const command = startService('command-api', { ...env, PORT: String(commandPort) })
    const projector = startService('projector', env)
    const query = startService('query-api', { ...env, PORT: String(queryPort) })
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

  it(
    'stops each service by its graceful stop on the SIGTERM docker stop sends (exit 0)',
    { timeout: 60_000 },
    async () => {
      const codes = await Promise.all(services.map(async (s) => [s.name, await stopped(s)] as const))
      expect(Object.fromEntries(codes), services.map((s) => s.output()).join('\n')).toEqual({
        'command-api': 0,
        projector: 0,
        'query-api': 0,
      })
    },
  )
})
