import type { JobQueue } from '@crm/platform'
import { createIsolatedPostgres, postgresUrl } from '@crm/platform/testing'
import { randomBytes } from 'node:crypto'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'

const url = postgresUrl()
const redisUrl = process.env.REDIS_URL
const ROWS = 8_000
const childEntry = fileURLToPath(new URL('../testing/standalone-child.ts', import.meta.url))
const admin = { email: 'crash-admin@example.com', password: 'crash-admin-12345' }

/** A lead CSV of `rows` carriers with distinct DOT numbers (docs/product.md's lead headers). */
function leadCsv(rows: number, dotBase: number): string {
  const lines = ['usdot,mc,name_and_safer_name,business_phone,city,state,zip,date_entered,trucks']
  for (let i = 1; i <= rows; i++) {
    lines.push(
      `${dotBase + i},,Crash Test Freight ${i} LLC,555${String(i).padStart(7, '0')},Joliet,IL,60431,2026-01-15,${(i % 40) + 1}`,
    )
  }
  return lines.join('\n')
}

interface Child {
  process: ChildProcess
  base: string
  /** The job queue the child runs on. */
  jobs: JobQueue['kind']
}

async function startChild(env: NodeJS.ProcessEnv): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', childEntry], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  const started = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the child did not start: ${out}`)), 120_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /listening (\d+) jobs (\S+)/.exec(out)
      if (match) {
        clearTimeout(timer)
        resolve(match)
      }
    })
    child.once('exit', (code) => reject(new Error(`the child exited (${code}): ${out}`)))
  })
  return { process: child, base: `http://127.0.0.1:${started[1]}/api/v1`, jobs: started[2] as JobQueue['kind'] }
}

async function login(child: Child): Promise<string> {
  const response = await fetch(`${child.base}/auth/login-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}

/** The import's status; `after` is the upload's position, so the first poll waits for the import's read model. */
async function jobStatus(child: Child, token: string, jobId: string, after = '') {
  const response = await fetch(`${child.base}/jobs/lead-import/${jobId}`, {
    headers: { authorization: `Bearer ${token}`, 'x-min-position': after },
  })
  expect(response.status).toBe(200)
  return (await response.json()) as {
    state: string
    progress: number
    result?: { created: number; updated: number; skipped: number; rows: number }
  }
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** The embedded default's in-process queue always; BullMQ too when REDIS_URL is set (as in CI). */
const queues: [string, string | undefined, JobQueue['kind']][] = [['in-process jobs', undefined, 'in-process']]
if (redisUrl) queues.push(['BullMQ jobs', redisUrl, 'bullmq'])

/**
 * docs/architecture.md "Jobs": an import is its stream, not its queued job. The whole product runs as a child
 * process on real PostgreSQL; it is killed with SIGKILL in the middle of an 8,000-row import and started again.
 * Nothing is uploaded twice: the import must finish by itself, with every row exactly once.
 */
const suite = url ? describe : describe.skip
suite(
  url
    ? 'lead import survives kill -9 (postgres)'
    : 'lead import survives kill -9 (postgres) (skipped: DATABASE_URL is not set; a child process cannot share an in-memory PGlite)',
  () => {
    it.each(queues)(
      'with %s: resumes by itself after a restart and creates every row once',
      { timeout: 480_000 },
      async (_name, redis, kind) => {
        const database = await createIsolatedPostgres(url!, 4)
        const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]!.s
        const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-import-crash-'))
        const withSchema = new URL(url!)
        withSchema.searchParams.set('options', `-c search_path=${schema}`)
        const env: NodeJS.ProcessEnv = {
          DATABASE_URL: withSchema.toString(),
          // Empty, not absent, for in-process jobs (empty means not set): absent, the child would inherit the shell's.
          REDIS_URL: redis ?? '',
          EVENTSTORE_URL: '',
          JOBS_PREFIX: `crash-${randomBytes(4).toString('hex')}`,
          DATA_DIR: dataDir,
          PORT: '0',
          SEED_DEMO: '0',
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
          JWT_SECRET: randomBytes(24).toString('base64url'),
          SSO_SECRET: randomBytes(24).toString('base64url'),
          LOG_LEVEL: 'warn',
        }
        const children: ChildProcess[] = []
        try {
          const first = await startChild(env)
          children.push(first.process)
          expect(first.jobs).toBe(kind)
          const token = await login(first)
          const dotBase = 90_000_000 + Math.floor(Math.random() * 1_000_000)
          const form = new FormData()
          form.append('file', new Blob([leadCsv(ROWS, dotBase)], { type: 'text/csv' }), 'census-crash.csv')
          const uploaded = await fetch(`${first.base}/contacts/upload-new-leads`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}` },
            body: form,
          })
          expect(uploaded.status).toBe(202)
          const { jobId } = (await uploaded.json()) as { jobId: string }
          const after = uploaded.headers.get('x-position') ?? ''
          expect(after).not.toBe('')

          // Well into the import, not at its end: then kill -9, so nothing gets to finish or clean up.
          const atKill = await until('the import to be under way', 120_000, async () => {
            const status = await jobStatus(first, token, jobId, after)
            return status.progress >= 15 && status
          })
          first.process.kill('SIGKILL')
          await once(first.process, 'exit')
          expect(atKill.state).toBe('active')
          expect(atKill.progress).toBeLessThan(90)

          const second = await startChild(env)
          children.push(second.process)
          // The session of the first process is still valid: same database, same secret.
          const done = await until('the import to finish after the restart', 240_000, async () => {
            const status = await jobStatus(second, token, jobId)
            return status.state !== 'active' && status
          })
          expect(done.state).toBe('completed')
          expect(done.result).toMatchObject({ rows: ROWS, created: ROWS, updated: 0, skipped: 0 })

          // Every row exactly once: one contact per DOT number, one creation event per contact, with its row's facts.
          const { rows: counted } = await sql<{ created: string; imported: string; dots: string }>`
            select count(*) filter (where type = 'ContactCreated') as created,
                   count(*) filter (where type = 'ContactCreated' and data->'imported'->>'uploadId' is not null) as imported,
                   count(distinct data->>'dotNumber') filter (where type = 'ContactCreated') as dots
            from events where stream_id like 'contact-%'`.execute(database.db)
          expect(counted[0]).toEqual({ created: String(ROWS), imported: String(ROWS), dots: String(ROWS) })
          const recent = await fetch(`${second.base}/lead-imports`, { headers: { authorization: `Bearer ${token}` } })
          const summary = ((await recent.json()) as { rows: { jobId: string; state: string; rowsDone: number }[] })
            .rows[0]
          expect(summary).toMatchObject({ jobId, state: 'completed', rowsDone: ROWS })
        } finally {
          for (const child of children) if (child.exitCode === null) child.kill('SIGKILL')
          await database.close()
          await rm(dataDir, { recursive: true, force: true })
        }
      },
    )
  },
)
