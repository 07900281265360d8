import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { randomBytes, randomUUID } from 'node:crypto'
import { DEFAULT_DIVISION_ID, rolePresets } from '@crm/contracts'
import { createSigner } from 'fast-jwt'
import pg from 'pg'
import { httpClient } from './http-client'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')

// Random per run: no secret in the source is ever accepted.
const JWT_SECRET = randomBytes(24).toString('base64url')

/**
 * The production topology (docs/architecture.md "Production / compose"): command API, projector and query API each
 * in its own process, started with their own server.ts exactly as the README runs them, against the run's
 * schema; each migrates what it owns on start. Log level 'warn': request logging is not what is measured.
 *
 * The bearer token is minted here (the claims and HS256 secret the login route signs) for a session row
 * inserted here, rather than by seeding a user and logging in: the run then depends only on the code it
 * measures, not on the seeding and login flows, which change often and are tested elsewhere.
 */
export interface RunningServices {
  commandUrl: string
  queryUrl: string
  token: string
  /** A token of a live session of this user (the bench's generated users of contact_search). */
  tokenFor(user: BenchUser): Promise<string>
  pids: Record<string, number>
  stop(): Promise<void>
}

export interface BenchUser {
  userId: string
  divisionId: number
  permissions: string[]
}

/**
 * `env`: settings added to every service's (REDIS_URL for BullMQ, METRICS_TOKEN); `projectorPort`: the port the
 * projector serves its GET /metrics on (none by default, as the README starts it).
 */
export async function startServices(
  databaseUrl: string,
  options: { env?: Record<string, string>; projectorPort?: number } = {},
): Promise<RunningServices> {
  const [commandPort, queryPort] = [await freePort(), await freePort()]
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    JWT_SECRET,
    REDIS_URL: '',
    EVENTSTORE_URL: '',
    ...options.env,
  }
  const projectorEnv = options.projectorPort === undefined ? env : { ...env, PORT: String(options.projectorPort) }
  const children: Record<string, ChildProcess> = {
    'command-api': start('command-api', 'services/command-api/src/server.ts', { ...env, PORT: String(commandPort) }),
    projector: start('projector', 'services/projector/src/server.ts', projectorEnv),
    'query-api': start('query-api', 'services/query-api/src/server.ts', { ...env, PORT: String(queryPort) }),
  }
  const commandUrl = `http://127.0.0.1:${commandPort}`
  const queryUrl = `http://127.0.0.1:${queryPort}`
  const stop = async () => {
    await Promise.all(
      Object.values(children).map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return
        const exited = once(child, 'exit')
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
        await exited
        clearTimeout(timer)
      }),
    )
  }
  try {
    // Listening means migrated: auth_sessions exists once the command API answers anything.
    await retry(() => answerOf(commandUrl, 'GET', '/api/v1/health'))
    const tokenFor = (user: BenchUser) => benchToken(databaseUrl, user)
    const token = await tokenFor({
      userId: randomUUID(),
      divisionId: DEFAULT_DIVISION_ID,
      permissions: [...rolePresets.admin],
    })
    await retry(async () => {
      const answer = await answerOf(queryUrl, 'GET', '/api/v1/health', token)
      if (answer.status !== 200) throw new Error(`health: ${answer.status} ${answer.body}`)
    })
    const pids = Object.fromEntries(Object.entries(children).map(([name, child]) => [name, child.pid ?? 0]))
    return { commandUrl, queryUrl, token, tokenFor, pids, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

async function answerOf(baseUrl: string, method: string, path: string, token?: string) {
  const client = httpClient(baseUrl, 1, token)
  try {
    return await client.request(method, path)
  } finally {
    client.close()
  }
}

/** A live session of the user, and a token for it. */
async function benchToken(databaseUrl: string, { userId, divisionId, permissions }: BenchUser): Promise<string> {
  const sessionId = randomUUID()
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(
      `insert into auth_sessions (session_id, user_id, token_hash, expires_at) values ($1, $2, $3, now() + interval '1 day')`,
      [sessionId, userId, randomUUID()],
    )
  } finally {
    await client.end()
  }
  const sign = createSigner({ key: JWT_SECRET, algorithm: 'HS256', expiresIn: 3_600_000 })
  return sign({ sub: userId, sid: sessionId, divisionId, permissions })
}

/**
 * BENCH_CPU_PROFILE=<service,…> with BENCH_CPU_PROFILE_DIR: those services run under node's own --cpu-prof (not
 * allowed in NODE_OPTIONS), with tsx as the loader, and write a .cpuprofile there when they stop.
 */
function commandOf(name: string, script: string): [string, string[]] {
  const profiled = (process.env.BENCH_CPU_PROFILE ?? '').split(',').includes(name)
  const dir = process.env.BENCH_CPU_PROFILE_DIR
  if (!profiled || !dir) return [tsx, [path.join(root, script)]]
  return [process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--import', 'tsx', path.join(root, script)]]
}

function start(name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const [command, args] = commandOf(name, script)
  const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] })
  // Only what the services say at 'warn' and above, prefixed, so a failure is visible in the run's output.
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk.toString()}`))
  // A service that dies (killed for memory, say) says so, rather than showing only as refused connections.
  child.on('exit', (code, signal) => process.stderr.write(`[${name}] exited: ${signal ?? code}\n`))
  return child
}

// Three processes compiling TypeScript on start take minutes on 2 cores that other runs keep busy.
async function retry<T>(attempt: () => Promise<T>, timeoutMs = 300_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return await attempt()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((r) => setTimeout(r, 200))
    }
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}
