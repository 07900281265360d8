/**
 * Checks the stack of tools/compose-up.sh as a person would use it, through nginx (docs/operations.md, "Compose on
 * one machine"): logs in as the administrator, creates a contact and finds it in the top bar search, imports a
 * lead file and finds its carrier, exports All Contacts to Excel; then that the projector process holds the
 * projections' leases in the stack's PostgreSQL and the lead import went through BullMQ in the stack's Redis.
 * Outside CI (it needs the running stack): `npx tsx tools/compose-check.ts [base URL]`.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const base = (process.argv[2] ?? 'http://127.0.0.1:8088').replace(/\/+$/, '')
const api = `${base}/api/v1`
const email = process.env.ADMIN_EMAIL ?? 'admin@example.com'
const password = process.env.ADMIN_PASSWORD ?? 'admin12345'
const leadFile = new URL('../services/command-api/src/lead-import/fixtures/leads-sample.csv', import.meta.url)

const started = Date.now()
function pass(what: string): void {
  console.log(`ok  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}
function fail(what: string): never {
  console.error(`FAIL ${what}`)
  process.exit(1)
}

let token = ''
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const isBuffer = body instanceof Buffer
  const response = await fetch(`${api}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !isBuffer ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isBuffer ? body : JSON.stringify(body),
  })
  return response
}
async function json<T>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T> {
  const response = await call(method, path, body, headers)
  const text = await response.text()
  if (!response.ok) fail(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`)
  return JSON.parse(text) as T
}
async function until<T>(what: string, probe: () => Promise<T | undefined>, seconds = 60): Promise<T> {
  const end = Date.now() + seconds * 1000
  for (;;) {
    const found = await probe()
    if (found !== undefined) return found
    if (Date.now() > end) fail(`${what}: not within ${seconds} s`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
const docker = (...args: string[]) => execFileSync('docker', args, { encoding: 'utf8' }).trim()
const containerOf = (service: string) => `trucking-crm-${service}-1`

// The web app itself, from nginx.
const page = await fetch(`${base}/`)
if (!page.ok || !(await page.text()).includes('<div id="root">')) fail(`GET ${base}/ is not the web app`)
pass(`the web app from nginx at ${base}`)

const login = await json<{ token: string }>('POST', '/auth/login-user', { email, password })
token = login.token
pass(`logged in as ${email}`)

const name = `Compose Check Hauling ${Date.now().toString(36)}`
const dot = String(1_000_000 + Math.floor(Math.random() * 8_000_000))
const created = await json<{ id: string }>('POST', '/contacts', {
  name,
  organizationTypeId: 7,
  divisionId: 15,
  dotNumber: dot,
})
pass(`created contact ${created.id}`)

type Hit = { id: string; name: string }
const search = (q: string) => json<Hit[]>('GET', `/contacts/quick-search?q=${encodeURIComponent(q)}`)
await until('the new contact in the search', async () =>
  (await search(name)).some((hit) => hit.id === created.id) ? true : undefined,
)
pass('found it in the top bar search')

const csv = readFileSync(leadFile)
const boundary = `----composecheck${Date.now()}`
const upload = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="leads-sample.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  ),
  csv,
  Buffer.from(`\r\n--${boundary}--\r\n`),
])
const { jobId } = await json<{ jobId: string }>('POST', '/contacts/upload-new-leads', upload, {
  'content-type': `multipart/form-data; boundary=${boundary}`,
})
type Job = { state: string; error?: string }
const job = await until('the lead import', async () => {
  const response = await call('GET', `/jobs/lead-import/${jobId}`)
  if (response.status === 404) return undefined
  const status = (await response.json()) as Job
  if (status.state === 'failed' || status.state === 'cancelled') fail(`lead import ${status.state}: ${status.error}`)
  return status.state === 'completed' ? status : undefined
})
pass(`imported leads-sample.csv (job ${jobId}: ${job.state})`)
await until('the imported carrier in the search', async () =>
  (await search('Prairie Wind Freight')).length > 0 ? true : undefined,
)
pass('found the imported carrier in the search')

const options = encodeURIComponent(JSON.stringify({ pagination: { limit: 50, first: 0 }, exportType: 'excel' }))
const excel = await call('GET', `/contacts?options=${options}`)
const bytes = Buffer.from(await excel.arrayBuffer())
if (!excel.ok) fail(`Excel export: ${excel.status} ${bytes.toString('utf8', 0, 300)}`)
if (!bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
  fail(`Excel export: not an .xlsx (starts ${bytes.subarray(0, 4).toString('hex')})`)
pass(`exported All Contacts to Excel (${bytes.length} bytes, ${excel.headers.get('content-type')})`)

// The projections' leases: advisory locks (services/projector/src/runtime/lease.ts) held by a connection of the
// projector container's process.
const holders = docker(
  'exec',
  containerOf('postgres'),
  'psql',
  '-p',
  '15432',
  '-U',
  'crm',
  '-d',
  'crm',
  '-Atc',
  `select distinct a.client_port from pg_locks l join pg_stat_activity a using (pid)
   where l.locktype = 'advisory' and l.granted
     and l.classid::text::bigint = hashtext('crm_projection_lease')::bigint & 4294967295`,
)
  .split('\n')
  .filter(Boolean)
if (holders.length === 0) fail('no projection lease is held')
const projectorPids = new Set(docker('top', containerOf('projector'), '-eo', 'pid').split('\n').slice(1))
const holderPids = holders.map(
  (port) => /pid=(\d+)/.exec(execFileSync('ss', ['-Htnp', `sport = :${port}`]).toString())?.[1],
)
if (!holderPids.every((pid) => pid && projectorPids.has(pid)))
  fail(`the leases are held by ${holderPids.join(', ')}, not the projector's ${[...projectorPids].join(', ')}`)
const leases = docker(
  'exec',
  containerOf('postgres'),
  'psql',
  '-p',
  '15432',
  '-U',
  'crm',
  '-d',
  'crm',
  '-Atc',
  `select count(*) from pg_locks where locktype = 'advisory' and granted
     and classid::text::bigint = hashtext('crm_projection_lease')::bigint & 4294967295`,
)
pass(`the projector container holds ${leases} projection leases in the stack's PostgreSQL`)

const keys = docker('exec', containerOf('redis'), 'redis-cli', '-p', '16379', '--scan', '--pattern', '*lead-import*')
  .split('\n')
  .filter(Boolean)
if (!keys.some((key) => key.endsWith(`:${jobId}`))) fail(`no BullMQ key of job ${jobId} in the stack's Redis`)
pass(`BullMQ in the stack's Redis: ${keys.length} lead-import keys, job ${jobId} among them`)
console.log('compose check passed')
