/**
 * Writes an upgrade fixture with today's code: `npx tsx services/standalone/src/upgrade/write-fixture.ts <dir>`
 * (DATABASE_URL names a PostgreSQL server where a scratch database may be made; pg_dump must be on the PATH and of
 * that server's major version). Run once per release that adds a fixture; an existing fixture is never written
 * again (the folder must not exist): the next releases must open it as it is (fixtures/upgrade/README.md).
 *
 * Each engine gets the demo at a small scale (services/standalone/src/seed), plus what the demo lacks: a shared
 * note with a file and a contact whose personal data was erased. Then the data is packed (the embedded DATA_DIR;
 * pg_dump of the PostgreSQL database and the DATA_DIR beside it), opened again from the packed files exactly as
 * the test opens them, and every screen's read is written to the engine's manifest.
 */
import { randomBytes } from 'node:crypto'
import { execFile } from 'node:child_process'
import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { constants, gzipSync } from 'node:zlib'
import { START, waitForPosition } from '@crm/platform'
import { allProjections } from '@crm/projector'
import pg from 'pg'
import { composeStandalone, type Standalone } from '../compose-app'
import { loadStandaloneConfig } from '../config'
import { productVersion } from '../backup/backup'
import { seed } from '../seed/seed'
import { ADMIN, readFixtureFacts, type FixtureManifest, type FixtureSubjects } from './fixture-reads'
import { fixtureFiles, loadPostgresDump, openEmbedded, openPostgres, pack, unpack, withDatabase } from './open-fixture'

const run = promisify(execFile)
const SCALE = Number(process.env.FIXTURE_DEMO_SCALE ?? '0.1')

async function main() {
  const dir = process.argv[2]
  if (!dir) throw new Error('Usage: write-fixture.ts <fixture folder, e.g. fixtures/upgrade/2026-12-07>')
  // --reads-only: the data exists; write the manifests' reads again (while the fixture is being added, never after).
  const readsOnly = process.argv.includes('--reads-only')
  if (
    !readsOnly &&
    (await access(dir).then(
      () => true,
      () => false,
    ))
  )
    throw new Error(`${dir} exists: fixtures are added, never written again. Choose a new folder.`)
  const serverUrl = process.env.DATABASE_URL
  if (!serverUrl) throw new Error('DATABASE_URL must name a PostgreSQL server for the PostgreSQL fixture.')
  // The product's keys come from the fixture's own secrets.json, never from this shell.
  for (const key of ['JWT_SECRET', 'SSO_SECRET', 'CREDIT_DATA_KEY', 'CREDIT_DATA_OLD_KEYS']) delete process.env[key]
  const files = fixtureFiles(dir)
  const version = await productVersion()
  const manifest = (
    engine: 'embedded' | 'postgres',
    written: Awaited<ReturnType<typeof writeData>>,
  ): FixtureManifest => ({
    format: 1,
    engine,
    writtenBy: { commit: version.commit, version: version.version },
    writtenAt: new Date().toISOString(),
    counts: written.counts,
    subjects: written.subjects,
    reads: {},
  })
  if (!readsOnly) {
    await mkdir(dir, { recursive: true })
    // Embedded: the DATA_DIR as the product left it after a clean stop.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'crm-fixture-embedded-'))
    const embedded = await writeData(dataDir, undefined)
    await pack(dataDir, files.embedded, ['pglite', 'files', 'secrets.json'])
    await writeFile(files.manifest('embedded'), `${JSON.stringify(manifest('embedded', embedded), null, 2)}\n`)
    await rm(dataDir, { recursive: true, force: true })

    // PostgreSQL: a database of its own, dumped with pg_dump; its DATA_DIR holds the uploaded files and the keys.
    const name = `crm_fixture_${randomBytes(4).toString('hex')}`
    await admin(serverUrl, `create database ${name}`)
    const pgDataDir = await mkdtemp(path.join(tmpdir(), 'crm-fixture-postgres-'))
    const postgres = await writeData(pgDataDir, withDatabase(serverUrl, name))
    const { stdout } = await run(
      'pg_dump',
      [
        '--no-owner',
        '--no-privileges',
        '--inserts',
        '--rows-per-insert=200',
        '--dbname',
        withDatabase(serverUrl, name),
      ],
      { maxBuffer: 1 << 30, encoding: 'buffer' },
    )
    await writeFile(files.postgresDump, gzipSync(stdout, { level: constants.Z_BEST_COMPRESSION }))
    await pack(pgDataDir, files.postgresDataDir, ['files', 'secrets.json'])
    await writeFile(files.manifest('postgres'), `${JSON.stringify(manifest('postgres', postgres), null, 2)}\n`)
    await admin(serverUrl, `drop database ${name}`)
    await rm(pgDataDir, { recursive: true, force: true })
  }

  // The reads: from the packed files, opened exactly as the test opens them.
  {
    const opened = await mkdtemp(path.join(tmpdir(), 'crm-fixture-open-'))
    await unpack(files.embedded, opened)
    const standalone = await openEmbedded(opened)
    await writeReads('embedded', standalone)
    await standalone.close()
    await rm(opened, { recursive: true, force: true })
  }
  {
    const restored = `crm_fixture_${randomBytes(4).toString('hex')}`
    await admin(serverUrl, `create database ${restored}`)
    const opened = await mkdtemp(path.join(tmpdir(), 'crm-fixture-open-'))
    await unpack(files.postgresDataDir, opened)
    await loadPostgresDump(withDatabase(serverUrl, restored), files.postgresDump)
    const standalone = await openPostgres(opened, withDatabase(serverUrl, restored))
    await writeReads('postgres', standalone)
    await standalone.close()
    await admin(serverUrl, `drop database ${restored}`)
    await rm(opened, { recursive: true, force: true })
  }

  async function writeReads(engine: 'embedded' | 'postgres', standalone: Standalone) {
    const manifest = JSON.parse(await readFile(files.manifest(engine), 'utf8')) as FixtureManifest
    manifest.reads = await readFixtureFacts(standalone.app, manifest.subjects)
    await writeFile(files.manifest(engine), `${JSON.stringify(manifest, null, 2)}\n`)
    const failed = Object.entries(manifest.reads).filter(([, facts]) => 'status' in facts)
    if (failed.length > 0) throw new Error(`${engine}: reads that did not answer: ${JSON.stringify(failed, null, 2)}`)
    console.log(`${engine}: ${Object.keys(manifest.reads).length} reads written to ${files.manifest(engine)}`)
  }
}

async function admin(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** The demo and the additions, on one engine; the product is stopped cleanly at the end. */
async function writeData(
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<{ counts: Record<string, number>; subjects: FixtureSubjects }> {
  const config = loadStandaloneConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  })
  const s = await composeStandalone(config)
  try {
    await s.app.ready()
    if (!(await s.projector.waitUntilActive(60_000))) throw new Error('the projector did not start')
    const began = Date.now()
    const counts = (await seed({ ...s, admin: config.admin, demo: true, demoScale: SCALE }))!
    console.log(`demo at scale ${SCALE} written in ${Math.round((Date.now() - began) / 1000)} s`)
    const token = await login(s, ADMIN.email, ADMIN.password)
    const call = async (method: 'GET' | 'POST', url: string, payload?: object | Buffer, headers = {}) => {
      const response = await s.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${token}`, ...headers },
        ...(payload !== undefined && { payload }),
      })
      if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`)
      return response.json() as Record<string, unknown> & { rows: Record<string, unknown>[] }
    }
    await caughtUp(s)
    const firstStart = (await s.store.readAll({ after: START, limit: 1 }))[0]?.createdAt
    const options = (o: object) => encodeURIComponent(JSON.stringify({ pagination: { limit: 100, first: 0 }, ...o }))
    const sorted = { sort: { field: 'name', direction: 'asc' } }
    // The contact with the most work is the one whose page the manifest reads; the last account is erased.
    const accounts = (await call('GET', `/contact-lists/accounts?options=${options(sorted)}`)).rows
    const contactId = String(accounts[0]!.id)
    const erasedContactId = String(accounts.at(-1)!.id)
    // A shared note with a file (the demo's notes have none).
    const boundary = '----fixture-note'
    const note = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="dataForNote"\r\n\r\n` +
          `${JSON.stringify({ contactId, note: 'Signed rate confirmation attached' })}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="rate-confirmation.pdf"\r\n` +
          `Content-Type: application/pdf\r\n\r\n`,
      ),
      Buffer.from('%PDF-1.4\n% upgrade fixture: a rate confirmation\n%%EOF\n'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    await call('POST', '/activity/shared-notes', note, { 'content-type': `multipart/form-data; boundary=${boundary}` })
    counts.sharedNoteFiles = 1
    await call('POST', `/contacts/erase-personal-data/${erasedContactId}`, { reason: 'Upgrade fixture: CCPA request' })
    counts.erasedContacts = 1
    await caughtUp(s)
    await s.erasureAtRest.idle()

    const first = async (url: string, as = token) => {
      const response = await s.app.inject({
        method: 'GET',
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${as}` },
      })
      const rows = (response.json() as { rows?: { id: string }[]; items?: { id: string }[] }) ?? {}
      const id = (rows.rows ?? rows.items ?? (response.json() as { id: string }[]))[0]?.id
      if (!id) throw new Error(`${url} has no rows: ${response.body.slice(0, 300)}`)
      return id
    }
    const logistics = await login(s, 'logistics.manager@example.com')
    const trucks = await login(s, 'trucks@example.com')
    const subjects: FixtureSubjects = {
      firstStart: firstStart ?? new Date().toISOString(),
      contactId,
      erasedContactId,
      customerId: await first(`/customers-logistic/all?options=${options(sorted)}`, logistics),
      dealerId: await first(`/ts-dealers?options=${options({})}`, trucks),
      creditApplications: {
        website: await first(`/website-credit-applications?options=${options({})}`),
        cps: await first(`/cps-credit-applications?options=${options({})}`),
        cef: await first(`/cef-credit-applications?options=${options({})}`),
      },
      opportunityId: await first(`/opportunities?options=${options({})}`),
    }
    return { counts, subjects }
  } finally {
    await s.close()
  }
}

async function caughtUp(s: Standalone) {
  const head = await s.store.headPosition()
  if (head)
    await waitForPosition(
      s.database.db,
      allProjections.map((p) => p.name),
      head,
      300_000,
    )
}

async function login(s: Standalone, email: string, password?: string): Promise<string> {
  const { DEMO_PASSWORD } = await import('../seed/demo-data')
  const response = await s.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login-user',
    payload: { email, password: password ?? DEMO_PASSWORD },
  })
  if (response.statusCode !== 200) throw new Error(`${email} cannot log in: ${response.body}`)
  return (response.json() as { token: string }).token
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
