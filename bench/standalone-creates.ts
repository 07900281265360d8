/**
 * POST /api/v1/contacts on the standalone process (`npm start`'s one process: command API, projector and query
 * API on one event loop) over PostgreSQL, 16 keep-alive connections, against pgbench's single-row insert rate
 * taken right before and right after in the same database. The process runs in a database of its own, created
 * here and dropped at the end, so that its tables, indexes and statistics are only its own. Besides rates and
 * latencies it reads from PostgreSQL what each create cost there: transactions and rows written per create.
 *
 * `BENCH_ONLY=standalone-creates npm run bench`; STANDALONE_CPU_PROFILE=<dir> also writes a V8 CPU profile of
 * the process (node --cpu-prof) over the load, to be read with bench/cpu-profile-steps.ts.
 */
import { randomBytes } from 'node:crypto'
import type { BenchRow } from './contact-lists/bench-row'
import { adminQuery } from './bench-schema'
import { pgbenchInsertTps } from './baseline-pgbench'
import { contactBody } from './http-commands'
import { httpClient } from './http-client'
import { closedLoop } from './http-load'
import { loadAverage } from './machine'
import { startStandaloneProcess } from './standalone-process'
import { summarize } from './stats'
import { sampleCpu } from './process-cpu'

export const standaloneCreatesTitle = 'A single contact create on the standalone process over PostgreSQL'

const ADMIN = { email: 'admin@example.com', password: 'admin12345' }
const CONNECTIONS = 16

interface DatabaseCounters {
  commits: number
  rowsWritten: number
  tables: Record<string, number>
}

/** CPU seconds of the process and of the database's own backends (never the machine's other clients). */
async function cpuOf(url: string, pid: number, backends: Set<number>): Promise<{ node: number; postgres: number }> {
  const rows = await adminQuery<{ pid: number }>(
    url,
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  )
  for (const r of rows) backends.add(r.pid)
  const sample = sampleCpu(Object.fromEntries([['node', pid], ...[...backends].map((b) => [`pg${b}`, b])]))
  const postgres = Object.entries(sample)
    .filter(([name]) => name.startsWith('pg'))
    .reduce((sum, [, seconds]) => sum + seconds, 0)
  return { node: sample.node ?? 0, postgres }
}

async function counters(url: string): Promise<DatabaseCounters> {
  const [db] = await adminQuery<{ commits: string }>(
    url,
    'select xact_commit as commits from pg_stat_database where datname = current_database()',
  )
  const tables = await adminQuery<{ name: string; written: string }>(
    url,
    `select schemaname || '.' || relname as name, n_tup_ins + n_tup_upd + n_tup_del as written from pg_stat_user_tables`,
  )
  return {
    commits: Number(db?.commits ?? 0),
    rowsWritten: tables.reduce((sum, t) => sum + Number(t.written), 0),
    tables: Object.fromEntries(tables.map((t) => [t.name, Number(t.written)])),
  }
}

export async function measureStandaloneCreates(databaseUrl: string, seconds = 30): Promise<BenchRow[]> {
  const name = `bench_creates_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  await adminQuery(databaseUrl, `create database "${name}"`)
  const url = new URL(databaseUrl)
  url.pathname = `/${name}`
  const schema = { name: 'public', url: url.toString(), drop: async () => undefined }
  const profileDir = process.env.STANDALONE_CPU_PROFILE
  try {
    const loadBefore = loadAverage()
    const before = await pgbenchInsertTps(schema.url, schema, 20)
    const nodeArgs = [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      ...(process.env.STANDALONE_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ]
    const { base, stop, pid } = await startStandaloneProcess({ SEED_DEMO: '0', DATABASE_URL: schema.url }, nodeArgs)
    // A probe loaded with STANDALONE_NODE_ARGS may count what the load does between two SIGUSR2.
    const mark = () => process.env.STANDALONE_NODE_ARGS && pid && process.kill(pid, 'SIGUSR2')
    let load, pg, token: string
    let catchUpSeconds = 0
    const loadDuring = { before: '', after: '' }
    try {
      token = await loginWhenSeeded(base)
      const client = httpClient(base, CONNECTIONS, token)
      try {
        const send = (w: number, i: number) =>
          client.request('POST', '/api/v1/contacts', { body: contactBody(w * 1_000_000 + i) })
        await closedLoop(CONNECTIONS, 5, send)
        await projectionsCaughtUp(schema.url)
        loadDuring.before = loadAverage()
        const start = await counters(schema.url)
        const backends = new Set<number>()
        const cpuStart = await cpuOf(schema.url, pid!, backends)
        mark()
        load = await closedLoop(CONNECTIONS, seconds, (w, i) => send(w + 100, i))
        // Every read model's share of a create is counted: the window closes once they have applied it all.
        catchUpSeconds = await projectionsCaughtUp(schema.url)
        mark()
        const cpuEnd = await cpuOf(schema.url, pid!, backends)
        const end = await counters(schema.url)
        loadDuring.after = loadAverage()
        const perCreate = (n: number) => n / load!.requests
        pg = {
          nodeMs: (1000 * (cpuEnd.node - cpuStart.node)) / load.requests,
          postgresMs: (1000 * (cpuEnd.postgres - cpuStart.postgres)) / load.requests,
          commits: perCreate(end.commits - start.commits),
          rows: perCreate(end.rowsWritten - start.rowsWritten),
          tables: Object.entries(end.tables)
            .map(([t, n]) => [t, perCreate(n - (start.tables[t] ?? 0))] as const)
            .filter(([, n]) => n > 0.001)
            .sort((a, b) => b[1] - a[1]),
        }
      } finally {
        client.close()
      }
    } finally {
      await stop()
    }
    const after = await pgbenchInsertTps(schema.url, schema, 20)
    const baseline = (before + after) / 2
    const latency = summarize(load.latenciesMs)
    const note = `read models caught up ${catchUpSeconds.toFixed(1)} s after the load; load average ${loadDuring.before} → ${loadDuring.after} (before the first pgbench ${loadBefore}); pgbench ${Math.round(before)} before, ${Math.round(after)} after`
    console.log(`standalone creates: ${Math.round(load.perSecond)}/s, errors ${load.errors}; ${note}`)
    console.log(
      `CPU per create: standalone process ${pg.nodeMs.toFixed(2)} ms, its database's backends ${pg.postgresMs.toFixed(2)} ms`,
    )
    console.log(
      `per create in PostgreSQL: ${pg.commits.toFixed(2)} commits, ${pg.rows.toFixed(1)} rows written: ${pg.tables.map(([t, n]) => `${t} ${n.toFixed(2)}`).join(', ')}`,
    )
    return [
      { name: 'pgbench single-row insert, 8 clients (mean of before and after)', value: baseline, unit: 'TPS' },
      {
        name: `POST /api/v1/contacts, standalone, ${CONNECTIONS} connections`,
        value: load.perSecond,
        unit: '/s',
        baseline,
        target: '≥ 0.12× pgbench',
        pass: load.perSecond / baseline >= 0.12,
        note: `${(load.perSecond / baseline).toFixed(3)}× pgbench; ${load.errors} errors; ${note}`,
      },
      { name: '… latency p50', value: latency.p50, unit: 'ms' },
      { name: '… latency p99', value: latency.p99, unit: 'ms', target: '< 100 ms', pass: latency.p99 < 100 },
      { name: '… CPU of the standalone process per create', value: pg.nodeMs, unit: 'ms' },
      { name: "… CPU of its database's backends per create", value: pg.postgresMs, unit: 'ms' },
      {
        name: '… PostgreSQL commits per create',
        value: pg.commits,
        unit: '',
        note: `rows written per create ${pg.rows.toFixed(1)}`,
      },
    ]
  } finally {
    await adminQuery(databaseUrl, `drop database if exists "${name}" with (force)`)
  }
}

/** Waits until every active read model has applied the whole store; the seconds it took. */
async function projectionsCaughtUp(url: string): Promise<number> {
  const started = performance.now()
  for (;;) {
    const [row] = await adminQuery<{ behind: string }>(
      url,
      `select count(*) as behind from projection_checkpoints
        where state = 'active' and position < (
          select lpad(transaction_id::text, 20, '0') || '-' || lpad(global_position::text, 20, '0')
          from events order by global_position desc limit 1)`,
    )
    if (Number(row?.behind) === 0 || performance.now() - started > 120_000) break
    await new Promise((r) => setTimeout(r, 250))
  }
  return (performance.now() - started) / 1000
}

/** The administrator is seeded once the read models are active, a little after the process listens. */
async function loginWhenSeeded(base: string): Promise<string> {
  const until = Date.now() + 180_000
  for (;;) {
    const answer = await fetch(`${base}/api/v1/auth/login-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    }).catch(() => undefined)
    if (answer?.ok) return ((await answer.json()) as { token: string }).token
    if (Date.now() > until) throw new Error(`logging in to the standalone process answered ${answer?.status}`)
    await new Promise((r) => setTimeout(r, 500))
  }
}
