import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { createDatabase, waitForPosition } from '@crm/platform'
import { allProjections } from '@crm/projector'
import { sql } from 'kysely'
import pg from 'pg'
import { composeStandalone, embeddedDatabaseDir, type Standalone } from '../compose-app'
import { loadStandaloneConfig } from '../config'
import { advanceTransactionCounter, checkTransactionCounter, maxEventTransaction } from '../backup/postgres-copy'

const run = promisify(execFile)

/** The files of one fixture folder (fixtures/upgrade/<date>/). */
export const fixtureFiles = (dir: string) => ({
  manifest: (engine: 'embedded' | 'postgres') => path.join(dir, `${engine}.manifest.json`),
  /** The embedded DATA_DIR: PGlite's folder, uploaded files, secrets.json. */
  embedded: path.join(dir, 'embedded-data-dir.tar.gz'),
  /** pg_dump of the product's database, plain SQL with INSERTs (loads through any client, psql not needed). */
  postgresDump: path.join(dir, 'postgres.sql.gz'),
  /** The DATA_DIR beside the PostgreSQL database: uploaded files and secrets.json. */
  postgresDataDir: path.join(dir, 'postgres-data-dir.tar.gz'),
})

export async function unpack(archive: string, into: string): Promise<void> {
  await run('tar', ['-xzf', archive, '-C', into])
}

export async function pack(dataDir: string, archive: string, entries: string[]): Promise<void> {
  await run('tar', [
    '--format=ustar',
    '--sort=name',
    '--owner=0',
    '--group=0',
    '-czf',
    archive,
    '-C',
    dataDir,
    ...entries,
  ])
}

/** composeStandalone on `dataDir`, with the given settings (the configuration alone names the folder). */
export async function composeIn(dataDir: string, env: Record<string, string>): Promise<Standalone> {
  return composeStandalone(loadStandaloneConfig({ ...env, DATA_DIR: dataDir }))
}

/** The PGlite this code runs (its version is what a format change comes with). */
export function pgliteVersion(): string {
  const require = createRequire(import.meta.url)
  const main = require.resolve('@electric-sql/pglite')
  let dir = path.dirname(main)
  for (let i = 0; i < 5; i++, dir = path.dirname(dir)) {
    try {
      return (require(path.join(dir, 'package.json')) as { version: string }).version
    } catch {
      continue
    }
  }
  return 'unknown'
}

/**
 * Opens an unpacked embedded DATA_DIR with today's code, as `npm start` would (migrations, projector), and waits for
 * every read model. A failure to open says, in words, that the data directory is of a format this PGlite cannot
 * read and how such data is moved (docs/operations.md, "Upgrades").
 */
export async function openEmbedded(dataDir: string): Promise<Standalone> {
  let madeBy = 'unknown'
  try {
    madeBy = (await readFile(path.join(embeddedDatabaseDir(dataDir), 'PG_VERSION'), 'utf8')).trim()
  } catch {
    // An archive without PG_VERSION fails to open below, with the message that says so.
  }
  let standalone: Standalone
  try {
    standalone = await composeIn(dataDir, { SEED_DEMO: '0', LOG_LEVEL: 'silent' })
  } catch (error) {
    throw new Error(
      `This release cannot open an embedded data directory written by an earlier one: PGlite ${pgliteVersion()} ` +
        `failed on a database of PostgreSQL major version ${madeBy} (${(error as Error).message}). If PGlite's ` +
        `on-disk format changed, existing installations cannot start after the upgrade: the release must ship the ` +
        `move described in docs/operations.md, "Upgrades" (a logical dump taken by the old release, loaded by the new one).`,
      { cause: error },
    )
  }
  await caughtUp(standalone)
  return standalone
}

/** Loads a plain pg_dump into an empty database through the `pg` client (psql's meta-commands are dropped). */
export async function loadPostgresDump(databaseUrl: string, dumpGz: string): Promise<void> {
  const text = gunzipSync(await readFile(dumpGz)).toString('utf8')
  const statements = text
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(statements)
  } finally {
    await client.end()
  }
  // Readers take only events whose transaction id is below the server's oldest running one (decision 001): a
  // server that has used fewer ids than the fixture's newest event is moved on, as a restore does (decision 054).
  const database = await createDatabase({ url: databaseUrl, poolSize: 1 })
  try {
    await advanceTransactionCounter(
      database,
      await checkTransactionCounter(database, await maxEventTransaction(database)),
    )
  } finally {
    await database.close()
  }
}

/** Opens a restored PostgreSQL database (and its DATA_DIR: files, secrets) with today's code. */
export async function openPostgres(dataDir: string, databaseUrl: string): Promise<Standalone> {
  const standalone = await composeIn(dataDir, { DATABASE_URL: databaseUrl, SEED_DEMO: '0', LOG_LEVEL: 'silent' })
  await caughtUp(standalone)
  return standalone
}

async function caughtUp(standalone: Standalone): Promise<void> {
  await standalone.app.ready()
  if (!(await standalone.projector.waitUntilActive(60_000))) throw new Error('the projector did not start')
  // Mail that was due when the data was written goes out at start (the sending sweep): the reads come after it.
  const until = Date.now() + 60_000
  while (Date.now() < until) {
    const { rows } = await sql<{ due: number }>`
      select count(*)::int as due from email_messages where status = 'scheduled' and sending_time <= now()`.execute(
      standalone.database.db,
    )
    if (rows[0]!.due === 0) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const head = await standalone.store.headPosition()
  if (head)
    await waitForPosition(
      standalone.database.db,
      allProjections.map((p) => p.name),
      head,
      120_000,
    )
}

/** A database URL naming another database on the same server. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url)
  u.pathname = `/${database}`
  return u.toString()
}
