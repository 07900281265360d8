import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createWriteStream, openAsBlob } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { syntheticCensusLines } from '../../services/command-api/src/lead-import/fixtures/synthetic-census'
import { serverNodeOptions } from '../server-node-options'
import { listShapesAfterImport, type ListsAfterImport } from './lists-after-import'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

export interface CensusImportFigures {
  engine: 'postgres' | 'pglite'
  rows: number
  fileMb: number
  /** Upload sent → 202. */
  uploadSeconds: number
  /** Upload sent → the last row visible through the query API (X-Min-Position of the import's last event). */
  visibleSeconds: number
  rowsPerSecond: number
  created: number
  /**
   * RSS once started and logged in (before the import), the highest seen while starting (on a new PGlite database
   * that includes creating it), and the highest seen during the two imports.
   */
  startRssMb: number
  startPeakRssMb: number
  maxRssMb: number
  /** The same file again: seconds until done, and what it created. */
  againSeconds: number
  againCreated: number
  /** The contact-list shapes read as soon as the first import finished (no ANALYZE but the product's own). */
  listsAfter: ListsAfterImport
}

/** Writes a census-layout CSV of `rows` synthetic carriers, line by line (never the whole file in memory). */
async function writeCensusFile(file: string, rows: number): Promise<void> {
  const out = createWriteStream(file)
  for (const line of syntheticCensusLines(rows, 10_000_000)) {
    if (!out.write(line + '\n')) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
}

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as net.AddressInfo
  server.close()
  return port
}

/** Resident memory of a process, in MB, from /proc. */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

/**
 * One lead import at census scale through HTTP against the standalone process (`npm start`'s one process: what
 * a sales floor runs), on real PostgreSQL (`databaseUrl`) or on PGlite (undefined): the file is generated,
 * uploaded as the browser does (multipart), followed through the job API, and the last row read back through
 * the query API; the server's RSS is sampled every 250 ms throughout. Then the same file again.
 */
export async function censusImportBench(databaseUrl: string | undefined, rows: number): Promise<CensusImportFigures> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crm-census-bench-'))
  const file = path.join(dir, 'census.csv')
  await writeCensusFile(file, rows)
  const web = path.join(dir, 'web')
  await mkdir(web)
  await writeFile(path.join(web, 'index.html'), '<!doctype html><title>bench</title>')
  const port = await freePort()
  // BENCH_CPU_PROFILE_DIR: the server writes a V8 CPU profile there when it stops (where did the time go?).
  const profile = process.env.BENCH_CPU_PROFILE_DIR
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []
  const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'services/standalone/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: serverNodeOptions,
      DATABASE_URL: databaseUrl ?? '',
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST_DIR: web,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      EVENTSTORE_URL: '',
      LEAD_IMPORT_MAX_BYTES: String(1024 * 1024 * 1024),
      LEAD_IMPORT_MAX_ROWS: String(Math.max(rows, 1_000_000)),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let maxRss = 0
  const sampler = setInterval(() => void rssMb(server.pid!).then((mb) => (maxRss = Math.max(maxRss, mb))), 250)
  const base = `http://127.0.0.1:${port}/api/v1`
  try {
    const token = await logIn(base)
    const startRss = await rssMb(server.pid!)
    // Starting is measured apart from importing: PGlite creating a new database peaks far above its running size.
    const startPeakRss = Math.max(maxRss, startRss)
    maxRss = startRss
    const auth = { authorization: `Bearer ${token}` }
    const importOnce = async () => {
      const form = new FormData()
      form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'census.csv')
      const began = performance.now()
      const upload = await fetch(`${base}/contacts/upload-new-leads`, { method: 'POST', headers: auth, body: form })
      if (upload.status !== 202) throw new Error(`upload answered ${upload.status}: ${await upload.text()}`)
      const uploaded = performance.now()
      const { jobId } = (await upload.json()) as { jobId: string }
      for (;;) {
        const status = await fetch(`${base}/jobs/lead-import/${jobId}`, { headers: auth })
        const job = (await status.json()) as { state: string; result?: { created: number; position: string | null } }
        if (job.state === 'failed') throw new Error(`import failed: ${JSON.stringify(job)}`)
        if (job.state === 'completed') {
          const position = job.result!.position
          // Every row visible: the contacts list read with the position of the import's last contact event.
          const list = await fetch(`${base}/contacts?limit=5`, {
            headers: { ...auth, ...(position ? { 'x-min-position': position } : {}) },
          })
          if (list.status !== 200) throw new Error(`GET /contacts answered ${list.status}`)
          return {
            uploadSeconds: (uploaded - began) / 1000,
            seconds: (performance.now() - began) / 1000,
            created: job.result!.created,
          }
        }
        await new Promise((r) => setTimeout(r, 500))
      }
    }
    const first = await importOnce()
    const listsAfter = await listShapesAfterImport(`http://127.0.0.1:${port}`, token, divisionOf(token))
    const again = await importOnce()
    return {
      engine: databaseUrl ? 'postgres' : 'pglite',
      rows,
      fileMb: (await stat(file)).size / 1024 / 1024,
      uploadSeconds: first.uploadSeconds,
      visibleSeconds: first.seconds,
      rowsPerSecond: rows / first.seconds,
      created: first.created,
      startRssMb: startRss,
      startPeakRssMb: startPeakRss,
      maxRssMb: maxRss,
      againSeconds: again.seconds,
      againCreated: again.created,
      listsAfter,
    }
  } finally {
    clearInterval(sampler)
    const exited = once(server, 'exit')
    server.kill('SIGTERM')
    const timer = setTimeout(() => server.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(timer)
    await rm(dir, { recursive: true, force: true })
  }
}

/** The division a session works in, from its token's claims. */
const divisionOf = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { divisionId: number }).divisionId

async function logIn(base: string): Promise<string> {
  const deadline = Date.now() + 120_000
  for (;;) {
    const answer = await fetch(`${base}/auth/login-user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: process.env.ADMIN_EMAIL ?? 'admin@example.com',
        password: process.env.ADMIN_PASSWORD ?? 'admin12345',
      }),
    }).catch(() => undefined)
    if (answer?.ok) return ((await answer.json()) as { token: string }).token
    if (Date.now() > deadline) throw new Error(`cannot log in: ${answer?.status ?? 'no answer'}`)
    await new Promise((r) => setTimeout(r, 500))
  }
}

const figure = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits })
const ms = (n: number) => `${figure(n, 1)} ms`

/** The results.md section: PostgreSQL and PGlite side by side, against the targets. */
export function renderCensusImport(results: CensusImportFigures[]): string {
  const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL')
  const lines = [
    '## Lead import at census scale (issue 22)',
    '',
    'A generated census-layout CSV uploaded through HTTP to the standalone process (`npm start`), followed through',
    'the job API, and read back through `GET /contacts` with the import’s last position; the server’s RSS sampled',
    'every 250 ms. Then the same file again. `npm run bench:census-import` runs this section alone.',
    `Load average (1, 5, 15 min) when the section ended: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} on ${os.cpus().length} cores.`,
    '',
    '| measure | ' + results.map((r) => `${r.engine}, ${figure(r.rows)} rows`).join(' | ') + ' | target |',
    '|---|' + results.map(() => '---|').join('') + '---|',
    '| file | ' + results.map((r) => `${figure(r.fileMb, 1)} MB`).join(' | ') + ' | – |',
    '| upload → 202 | ' + results.map((r) => `${figure(r.uploadSeconds, 1)} s`).join(' | ') + ' | – |',
    '| upload → every row visible | ' +
      results.map((r) => `${figure(r.visibleSeconds, 1)} s`).join(' | ') +
      ' | < 300 s for 1,000,000 rows |',
    '| rows per second, end to end | ' +
      results.map((r) => `${figure(r.rowsPerSecond)} (${pass(r.rowsPerSecond >= 3500)})`).join(' | ') +
      ' | ≥ 3,500 |',
    '| contacts created | ' + results.map((r) => figure(r.created)).join(' | ') + ' | every row |',
    '| server RSS when started, before the import | ' +
      results.map((r) => `${figure(r.startRssMb)} MB`).join(' | ') +
      ' | – |',
    '| server RSS, highest while starting | ' +
      results.map((r) => `${figure(r.startPeakRssMb)} MB`).join(' | ') +
      ' | – |',
    '| server RSS, highest during the imports | ' +
      results.map((r) => `${figure(r.maxRssMb)} MB (${pass(r.maxRssMb < 600)})`).join(' | ') +
      ' | < 600 MB |',
    '| the same file again: seconds, created | ' +
      results.map((r) => `${figure(r.againSeconds, 1)} s, ${figure(r.againCreated)}`).join(' | ') +
      ' | 0 created, faster |',
    '',
    'The contact-list shapes of the section above, read through HTTP by the importing administrator as soon as the',
    'first import finished, with no ANALYZE but the product’s own; 40 rounds each, one client. An administrator sees',
    'every division (one row per contact, as executives do), so these are not the rep’s and manager’s plans.',
    '',
    '| request (p50 / p95) | ' + results.map((r) => `${r.engine}, ${figure(r.rows)} rows`).join(' | ') + ' | target |',
    '|---|' + results.map(() => '---|').join('') + '---|',
    '| Reading one contact by id | ' +
      results.map((r) => `${ms(r.listsAfter.byId.p50)} / ${ms(r.listsAfter.byId.p95)}`).join(' | ') +
      ' | – |',
    ...results[0]!.listsAfter.shapes.map(
      (shape, i) =>
        `| ${shape.name} | ` +
        results
          .map((r) => {
            const s = r.listsAfter.shapes[i]!
            return `${ms(s.p50)} / ${ms(s.p95)} (${pass(s.p95 < 50)})`
          })
          .join(' | ') +
        ' | p95 < 50 ms |',
    ),
  ]
  return lines.join('\n') + '\n'
}
