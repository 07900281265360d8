import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { createGzip } from 'node:zlib'
import type { Writable } from 'node:stream'
import {
  createDatabase,
  createErasureAtRest,
  createEventStore,
  createLogger,
  waitForPosition,
  type Database,
  type EventStore,
} from '@crm/platform'
import { allProjections, migrateReadModels, startProjector } from '@crm/projector'
import { prepareCommandApi } from '@crm/command-api'
import { embeddedDatabaseDir } from '../compose-app'
import type { StandaloneConfig } from '../config'
import { erasureTables } from '../erasure-at-rest'
import { secretsFile } from '../secrets'
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupRefused,
  BackupWriter,
  readBackup,
  type BackupHeader,
  type SectionStart,
} from './archive'
import { applyErasureLedger, syncErasureLedger, type LedgerEntry } from './erasure-ledger'
import {
  advanceTransactionCounter,
  checkTransactionCounter,
  copyPostgresSchema,
  maxEventTransaction,
  postgresLoader,
  tablesWithRows,
} from './postgres-copy'
import { untar } from './untar'

/** Uploaded files (business cards, attachments) live here, beside the embedded database. */
export const filesDir = (dataDir: string) => path.join(dataDir, 'files')

/** The running embedded product answers backup requests here; only DATA_DIR's owner can open it (0700). */
export const controlSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), 'control.sock')

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url))

export async function productVersion(): Promise<{ version: string; commit: string | null }> {
  const { version } = JSON.parse(await readFile(path.join(repositoryRoot, 'package.json'), 'utf8')) as {
    version?: string
  }
  let commit: string | null = null
  try {
    const { stdout } = await promisify(execFile)('git', ['rev-parse', 'HEAD'], { cwd: repositoryRoot })
    commit = stdout.trim() || null
  } catch {
    // Not a git checkout (an image, an unpacked release): the version alone.
  }
  return { version: version ?? '0.0.0', commit }
}

async function* walk(dir: string, under = ''): AsyncGenerator<string> {
  let entries
  try {
    entries = await readdir(path.join(dir, under), { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = path.posix.join(under, entry.name)
    if (entry.isDirectory()) yield* walk(dir, relative)
    else if (entry.isFile()) yield relative
  }
}

/**
 * Writes a whole backup, gzip'd, to `out`: the database (PGlite's data directory, or every table of the schema on
 * PostgreSQL), then the uploaded files, then secrets.json when asked. The erasure ledger is brought up to date
 * first (it stays outside the backup).
 */
export async function writeBackup(
  out: Writable,
  {
    config,
    database,
    store,
    withSecrets,
  }: { config: StandaloneConfig; database: Database; store: EventStore; withSecrets: boolean },
): Promise<void> {
  await syncErasureLedger(config.dataDir, store)
  const gzip = createGzip()
  const piped = pipeline(gzip, out)
  const writer = new BackupWriter(gzip)
  const engine = database.kind
  await writer.header({
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    ...(await productVersion()),
    engine,
    eventStore: config.eventStoreUrl ? 'kurrentdb' : 'in-database',
    createdAt: new Date().toISOString(),
    withSecrets,
    ...(engine === 'postgres' && { maxTransactionId: await maxEventTransaction(database) }),
  } satisfies BackupHeader)
  if (engine === 'pglite') {
    const tarball = await database.dumpDataDir!()
    await writer.begin({ section: 'pglite' })
    await writer.bytes(new Uint8Array(await tarball.arrayBuffer()))
    await writer.end()
  } else {
    await copyPostgresSchema(database, writer)
  }
  // Files are written before the command that names them: copied after the database, every one it names is here.
  for await (const relative of walk(filesDir(config.dataDir))) {
    await writer.begin({ section: 'file', path: relative })
    const stream = createReadStream(path.join(filesDir(config.dataDir), relative), { highWaterMark: 48 * 1024 })
    for await (const chunk of stream) await writer.bytes(chunk as Buffer)
    await writer.end()
  }
  if (withSecrets) {
    await writer.begin({ section: 'secrets' })
    await writer.data(await readFile(secretsFile(config.dataDir), 'utf8'))
    await writer.end()
  }
  await writer.finish()
  await piped
}

/**
 * The running embedded product's side (server.ts): a local HTTP server on DATA_DIR/control.sock answering
 * `GET /backup` with a backup taken between two of its statements. The socket is the owner's alone (DATA_DIR is
 * 0700): whoever can read DATA_DIR can already copy everything in it.
 */
export async function serveBackups(
  config: StandaloneConfig,
  { database, store }: { database: Database; store: EventStore },
): Promise<{ close(): Promise<void> }> {
  const socket = controlSocketPath(config.dataDir)
  // Left by a process that did not stop cleanly (this one holds the database's lock now).
  await unlink(socket).catch(() => undefined)
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://control')
    if (request.method !== 'GET' || url.pathname !== '/backup') {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/gzip' })
    writeBackup(response, { config, database, store, withSecrets: url.searchParams.get('secrets') === '1' }).catch(
      (error: unknown) => response.destroy(error as Error),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(socket, resolve)
  })
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

/** Asks the running product for a backup; false when none answers on the socket. */
async function backupFromRunningProduct(dataDir: string, out: Writable, withSecrets: boolean): Promise<boolean> {
  const socket = controlSocketPath(dataDir)
  if (!existsSync(socket)) return false
  return new Promise<boolean>((resolve, reject) => {
    const request = http.get({ socketPath: socket, path: `/backup${withSecrets ? '?secrets=1' : ''}` }, (response) => {
      if (response.statusCode !== 200) {
        reject(new BackupRefused(`The running CRM refused the backup (${response.statusCode}).`))
        return
      }
      pipeline(response, out).then(() => resolve(true), reject)
    })
    request.on('error', (error: NodeJS.ErrnoException) => {
      // A socket left behind by a process that is gone.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(false)
      else reject(error)
    })
  })
}

async function openProductDatabase(config: StandaloneConfig): Promise<{ database: Database; store: EventStore }> {
  const database = await createDatabase(
    config.databaseUrl ? { url: config.databaseUrl, poolSize: 4 } : { dataDir: embeddedDatabaseDir(config.dataDir) },
  )
  const store = await createEventStore(database, { eventStoreUrl: config.eventStoreUrl })
  return { database, store }
}

function embeddedIsInUse(dataDir: string): boolean {
  return existsSync(path.join(embeddedDatabaseDir(dataDir), 'postmaster.pid'))
}

/**
 * `npm run backup -- <file> [--with-secrets]`. PostgreSQL: this command copies the schema itself, online. The
 * embedded default: the running product takes it (control socket); when the product is stopped, this command
 * opens the database and takes it.
 */
export async function takeBackup(config: StandaloneConfig, file: string, withSecrets: boolean): Promise<void> {
  if (withSecrets && !existsSync(secretsFile(config.dataDir))) {
    throw new BackupRefused(`--with-secrets: there is no ${secretsFile(config.dataDir)} to include.`)
  }
  const partial = `${file}.partial`
  await mkdir(path.dirname(path.resolve(file)), { recursive: true })
  try {
    const out = createWriteStream(partial, { mode: 0o600 })
    if (config.databaseUrl) {
      const { database, store } = await openProductDatabase(config)
      try {
        await writeBackup(out, { config, database, store, withSecrets })
      } finally {
        await store.close()
        await database.close()
      }
    } else if (!(await backupFromRunningProduct(config.dataDir, out, withSecrets))) {
      if (embeddedIsInUse(config.dataDir)) {
        throw new BackupRefused(
          `The embedded database in ${embeddedDatabaseDir(config.dataDir)} is in use by a process that does not ` +
            `answer on ${controlSocketPath(config.dataDir)}: back up with the product that runs on it (npm start), ` +
            `or stop that process first.`,
        )
      }
      if (!existsSync(path.join(embeddedDatabaseDir(config.dataDir), 'PG_VERSION'))) {
        throw new BackupRefused(`There is no embedded database in ${path.resolve(config.dataDir)} to back up.`)
      }
      const { database, store } = await openProductDatabase(config)
      try {
        await writeBackup(out, { config, database, store, withSecrets })
      } finally {
        await store.close()
        await database.close()
      }
    }
    await readBackup(partial)
    await rename(partial, file)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true
    throw error
  }
}

export interface RestoreOutcome {
  header: BackupHeader
  /** Erasures of the ledger made again because the backup was older than them. */
  erasedAgain: LedgerEntry[]
  warnings: string[]
}

/**
 * `npm run restore -- <file>`: into an empty data directory (no database, no uploaded files) or an empty
 * PostgreSQL schema. The file is read through and checked before anything is written; a running product or a
 * target holding data is refused. The erasure ledger is applied after (decision 054).
 */
export async function restoreBackup(config: StandaloneConfig, file: string): Promise<RestoreOutcome> {
  const header = await readBackup(file)
  const engine = config.databaseUrl ? 'postgres' : 'pglite'
  const nothing = 'nothing was changed.'
  if (header.engine !== engine) {
    throw new BackupRefused(
      `${file} is a backup of the ${header.engine === 'pglite' ? 'embedded database' : 'PostgreSQL database'}; ` +
        `this environment ${engine === 'pglite' ? 'has no DATABASE_URL (the embedded database)' : 'sets DATABASE_URL'}: ${nothing}`,
    )
  }
  const noFilesYet = async () => {
    if (!(await isEmptyDir(filesDir(config.dataDir)))) {
      throw new BackupRefused(
        `${filesDir(config.dataDir)} already holds uploaded files: restore into an empty data directory; ${nothing}`,
      )
    }
  }
  const warnings: string[] = []
  if (!header.withSecrets && !existsSync(secretsFile(config.dataDir)) && !process.env.CREDIT_DATA_KEY) {
    warnings.push(
      `The backup has no secrets: put the secrets.json kept with it into ${path.resolve(config.dataDir)} (or set ` +
        `CREDIT_DATA_KEY and the other keys) before starting, or credit applications' sealed data cannot be read.`,
    )
  }
  if (header.withSecrets && existsSync(secretsFile(config.dataDir))) {
    warnings.push(`${secretsFile(config.dataDir)} is kept as it is; the backup's secrets were not written over it.`)
  }
  if (header.eventStore === 'kurrentdb') {
    warnings.push('The events are in KurrentDB, not in this backup: restore them there (docs/operations.md).')
  }

  const files = async (start: SectionStart) => {
    if (start.section !== 'file') return undefined
    const target = path.join(filesDir(config.dataDir), start.path)
    if (!target.startsWith(filesDir(config.dataDir) + path.sep))
      throw new BackupRefused(`${file}: a file path leaves the files folder.`)
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
    return target
  }

  let erasedAgain: LedgerEntry[] = []
  if (engine === 'pglite') {
    const dir = embeddedDatabaseDir(config.dataDir)
    if (existsSync(controlSocketPath(config.dataDir)) || embeddedIsInUse(config.dataDir)) {
      throw new BackupRefused(
        `The CRM is running on ${path.resolve(config.dataDir)} (its database is locked): stop it before restoring; ${nothing}`,
      )
    }
    if (!(await isEmptyDir(dir))) {
      throw new BackupRefused(
        `${dir} already holds a database: restore into an empty data directory (move this one away first); ${nothing}`,
      )
    }
    await noFilesYet()
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 })
    const making = `${dir}.restoring-${process.pid}`
    await rm(making, { recursive: true, force: true })
    const extract = untar(making)
    let fileOut: { target: string; chunks: Buffer[] } | undefined
    try {
      await readBackup(file, {
        async section(start) {
          const target = await files(start)
          if (target) fileOut = { target, chunks: [] }
        },
        async data(start, text) {
          if (start.section === 'pglite') await extract.write(Buffer.from(text, 'base64'))
          else if (start.section === 'file') fileOut!.chunks.push(Buffer.from(text, 'base64'))
          else if (start.section === 'secrets' && !existsSync(secretsFile(config.dataDir))) {
            await writeFile(secretsFile(config.dataDir), text, { mode: 0o600 })
          }
        },
        async sectionEnd(start) {
          if (start.section === 'pglite') await extract.end()
          if (start.section === 'file') {
            await writeFile(fileOut!.target, Buffer.concat(fileOut!.chunks), { mode: 0o600 })
            fileOut = undefined
          }
        },
      })
      // The copy was taken from a running database: its lock file is not ours.
      await rm(path.join(making, 'postmaster.pid'), { force: true })
      await rm(dir, { recursive: true, force: true })
      await rename(making, dir)
    } catch (error) {
      await rm(making, { recursive: true, force: true })
      throw error
    }
    erasedAgain = await eraseAgain(config)
  } else {
    const { database, store } = await openProductDatabase(config)
    try {
      const filled = await tablesWithRows(database)
      if (filled.length > 0) {
        throw new BackupRefused(
          `The PostgreSQL database is not empty (${filled.slice(0, 5).join(', ')}${filled.length > 5 ? '…' : ''} hold rows; ` +
            `is the CRM running on it?): restore into an empty database or schema; ${nothing}`,
        )
      }
      await noFilesYet()
      const advance = await checkTransactionCounter(database, header.maxTransactionId)
      await migrateReadModels(database, allProjections)
      await prepareCommandApi(database)
      let fileOut: { target: string; chunks: Buffer[] } | undefined
      await database.db.transaction().execute(async (trx) => {
        const loader = postgresLoader(trx)
        await loader.begin()
        await readBackup(file, {
          async section(start) {
            const target = await files(start)
            if (target) fileOut = { target, chunks: [] }
            else await loader.section(start)
          },
          async data(start, text) {
            if (start.section === 'file') fileOut!.chunks.push(Buffer.from(text, 'base64'))
            else if (start.section === 'secrets' && !existsSync(secretsFile(config.dataDir))) {
              await mkdir(config.dataDir, { recursive: true, mode: 0o700 })
              await writeFile(secretsFile(config.dataDir), text, { mode: 0o600 })
            } else await loader.data(start, text)
          },
          async sectionEnd(start) {
            if (start.section === 'file') {
              await writeFile(fileOut!.target, Buffer.concat(fileOut!.chunks), { mode: 0o600 })
              fileOut = undefined
            } else await loader.sectionEnd(start)
          },
        })
      })
      await advanceTransactionCounter(database, advance)
    } finally {
      await store.close()
      await database.close()
    }
    erasedAgain = await eraseAgain(config)
  }
  return { header, erasedAgain, warnings }
}

/**
 * The ledger's erasures the backup predates are made again; then, so that no file keeps the values, the read
 * models apply them and the tables they changed are rewritten (decision 047), as after any erasure.
 */
async function eraseAgain(config: StandaloneConfig): Promise<LedgerEntry[]> {
  const { database, store } = await openProductDatabase(config)
  try {
    const applied = await applyErasureLedger(config.dataDir, { database, store })
    if (applied.length === 0) return applied
    const logger = createLogger('crm-restore', 'warn')
    await migrateReadModels(database, allProjections)
    const projector = await startProjector({ database, store, projections: allProjections, logger })
    try {
      await projector.waitUntilActive(120_000)
      const names = [...new Set(allProjections.map((p) => p.name))]
      const rewrite = createErasureAtRest({
        database,
        logger,
        tables: erasureTables,
        readModelsCaughtUp: async () => waitForPosition(database.db, names, await store.headPosition(), 120_000),
      })
      rewrite.request()
      await rewrite.idle()
    } finally {
      await projector.stop()
    }
    return applied
  } finally {
    await store.close()
    await database.close()
  }
}

/** SHA-256 of a file (the command prints it, for the operator's records). */
export async function fileSha256(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return { sha256: hash.digest('hex'), bytes: (await stat(file)).size }
}
