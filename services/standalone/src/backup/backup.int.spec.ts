import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFile, mkdir, mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'
import { createDatabase, waitForPosition, type Database } from '@crm/platform'
import { allProjections } from '@crm/projector'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { composeStandalone, embeddedDatabaseDir, type Standalone } from '../compose-app'
import { loadStandaloneConfig } from '../config'
import { seed } from '../seed/seed'
import { secretsFile } from '../secrets'
import { serveBackups } from './backup'
import { erasureLedgerFile } from './erasure-ledger'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const tsx = path.join(root, 'node_modules/tsx/dist/cli.mjs')
const cli = path.join(root, 'services/standalone/src/backup/cli.ts')

interface Target {
  dataDir: string
  /** PostgreSQL: a URL whose search_path is a schema of its own. */
  databaseUrl?: string
}

/** `npm run backup|restore -- …` as an operator runs it: a process of its own, with the product's environment. */
function run(verb: 'backup' | 'restore', target: Target, ...args: string[]) {
  return new Promise<{ code: number; out: string }>((resolve) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, LOG_LEVEL: 'silent' }
    delete env.DATABASE_URL
    if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl
    execFile(process.execPath, [tsx, cli, verb, ...args], { env, cwd: root }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` })
    })
  })
}

/** Every table of the schema, as a row count and an md5 of its rows in a fixed order. */
async function checksums(database: Database): Promise<Record<string, string>> {
  const { rows: tables } = await sql<{ name: string }>`
    select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r'
    order by relname`.execute(database.db)
  const sums: Record<string, string> = {}
  for (const { name } of tables) {
    const { rows } = await sql<{ n: string; md5: string }>`
      select count(*)::text as n, md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) as md5
      from ${sql.table(name)} t`.execute(database.db)
    sums[name] = `${rows[0]!.n}:${rows[0]!.md5}`
  }
  return sums
}

/** Rows of any table whose text holds the value. */
async function rowsHolding(database: Database, value: string): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind = 'r'`.execute(
    database.db,
  )
  const found: string[] = []
  for (const { name } of tables) {
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from ${sql.table(name)} t where t::text like ${`%${value}%`}`.execute(database.db)
    if (rows[0]!.n !== '0') found.push(name)
  }
  return found
}

const engines: { name: 'pglite' | 'postgres'; url?: string }[] = [{ name: 'pglite' }]
if (process.env.DATABASE_URL) engines.push({ name: 'postgres', url: process.env.DATABASE_URL })

for (const engine of engines) {
  describe(`backup and restore (${engine.name})`, () => {
    const cleanups: (() => Promise<unknown>)[] = []
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
    })

    async function newTarget(): Promise<Target> {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'crm-backup-'))
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
      if (!engine.url) return { dataDir }
      const schema = `b_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
      const client = new pg.Client({ connectionString: engine.url })
      await client.connect()
      await client.query(`create schema "${schema}"`)
      await client.end()
      cleanups.push(async () => {
        const dropper = new pg.Client({ connectionString: engine.url })
        await dropper.connect()
        await dropper.query(`drop schema if exists "${schema}" cascade`)
        await dropper.end()
      })
      const url = new URL(engine.url)
      url.searchParams.set('options', `-c search_path=${schema}`)
      return { dataDir, databaseUrl: url.toString() }
    }

    async function start(target: Target): Promise<Standalone & { stop(): Promise<void> }> {
      const config = loadStandaloneConfig({
        DATA_DIR: target.dataDir,
        ...(target.databaseUrl && { DATABASE_URL: target.databaseUrl }),
        SEED_DEMO: '0',
        LOG_LEVEL: 'silent',
      })
      const standalone = await composeStandalone(config)
      await standalone.app.ready()
      expect(await standalone.projector.waitUntilActive(60_000)).toBe(true)
      await seed({ ...standalone, admin: config.admin, demo: false })
      const backups = target.databaseUrl ? undefined : await serveBackups(config, standalone)
      let stopped = false
      const stop = async () => {
        if (stopped) return
        stopped = true
        await backups?.close()
        await standalone.close()
      }
      cleanups.push(stop)
      return { ...standalone, stop }
    }

    /** The product's database opened by itself (the product stopped), to compare tables. */
    async function open(target: Target): Promise<Database> {
      const database = await createDatabase(
        target.databaseUrl
          ? { url: target.databaseUrl, poolSize: 2 }
          : { dataDir: embeddedDatabaseDir(target.dataDir) },
      )
      cleanups.push(() => database.close())
      return database
    }

    async function login(standalone: Standalone): Promise<string> {
      const response = await standalone.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login-user',
        payload: { email: 'admin@example.com', password: 'admin12345' },
      })
      expect(response.statusCode).toBe(200)
      return response.json().token
    }

    const name = `Erasable Hauling ${randomBytes(4).toString('hex')} LLC`
    let source: Target
    let product: Standalone & { stop(): Promise<void> }
    let token: string
    let contactId: string
    let backupFile: string
    let atBackup: Record<string, string>

    it('takes a backup while the product runs, and a restore into an empty place gives every table back equal', async () => {
      source = await newTarget()
      product = await start(source)
      token = await login(product)
      const created = await product.app.inject({
        method: 'POST',
        url: '/api/v1/contacts',
        headers: { authorization: `Bearer ${token}` },
        payload: { name, organizationTypeId: 7, dotNumber: '2233445' },
      })
      expect(created.statusCode).toBe(201)
      contactId = created.json().id
      // Every read model has applied everything (the projector writes nothing more), so the tables stand still.
      const names = [...new Set(allProjections.map((p) => p.name))]
      expect(await waitForPosition(product.database.db, names, await product.store.headPosition(), 60_000)).toBe(true)
      // An uploaded file as the file storage keeps it.
      await mkdir(path.join(source.dataDir, 'files', 'cards'), { recursive: true })
      await writeFile(path.join(source.dataDir, 'files', 'cards', 'card.png'), randomBytes(70_000))
      backupFile = path.join(source.dataDir, '..', `${path.basename(source.dataDir)}.backup`)
      cleanups.push(() => rm(backupFile, { force: true }))
      // The state the backup must give back: the tables as they stood before and after it (a background write
      // of the product between the two, rare, takes the backup again).
      for (let attempt = 1; ; attempt++) {
        atBackup = await checksums(product.database)
        const backup = await run('backup', source, backupFile)
        expect(backup.out).toContain('Backup written to')
        expect(backup.code).toBe(0)
        const after = await checksums(product.database)
        if (JSON.stringify(after) === JSON.stringify(atBackup)) break
        if (attempt === 3) expect(after).toEqual(atBackup)
      }
      const header = JSON.parse(
        gunzipSync(await readFile(backupFile))
          .toString('utf8')
          .split('\n')[0]!,
      )
      expect(header).toMatchObject({ format: 'trucking-sales-crm-backup', engine: engine.name, withSecrets: false })
      expect(header.version).toMatch(/\d/)

      const copy = await newTarget()
      // The keys are kept apart from the backup, and put back beside it (docs/operations.md, "Keys").
      await copyFile(secretsFile(source.dataDir), secretsFile(copy.dataDir))
      const restore = await run('restore', copy, backupFile)
      expect(restore.out).toContain('Restored')
      expect(restore.code).toBe(0)
      const restored = await open(copy)
      expect(await checksums(restored)).toEqual(atBackup)
      await restored.close()
      expect(await readFile(path.join(copy.dataDir, 'files', 'cards', 'card.png'))).toEqual(
        await readFile(path.join(source.dataDir, 'files', 'cards', 'card.png')),
      )

      // The product starts on it and finds the contact without rebuilding anything.
      const again = await start(copy)
      const read = await again.app.inject({
        method: 'GET',
        url: `/api/v1/contacts/${contactId}`,
        headers: { authorization: `Bearer ${await login(again)}` },
      })
      expect(read.json()).toMatchObject({ name })
      const { rows } = await sql<{ n: string }>`
        select count(*)::text as n from projection_checkpoints where state = 'backfilling'`.execute(again.database.db)
      expect(rows[0]!.n).toBe('0')
      await again.stop()
    }, 240_000)

    it('refuses to restore over the running product, and changes nothing', async () => {
      const refused = await run('restore', source, backupFile)
      expect(refused.code).toBe(1)
      expect(refused.out).toMatch(engine.url ? /not empty.*is the CRM running on it/ : /The CRM is running on/)
      const now = await checksums(product.database)
      expect(Object.keys(now).filter((table) => now[table] !== atBackup[table])).toEqual([])
    }, 120_000)

    it('refuses a truncated or damaged backup before anything is written', async () => {
      expect(backupFile, 'the first test wrote the backup').toBeDefined()
      const whole = await readFile(backupFile)
      const cut = `${backupFile}.cut`
      const damaged = `${backupFile}.damaged`
      cleanups.push(
        () => rm(cut, { force: true }),
        () => rm(damaged, { force: true }),
      )
      await writeFile(cut, whole)
      await truncate(cut, Math.floor(whole.length * 0.8))
      const flipped = Buffer.from(whole)
      flipped[Math.floor(flipped.length / 2)]! ^= 0xff
      await writeFile(damaged, flipped)
      // Cut at a line, as whole gzip: only the backup's own last line and checksums can tell.
      const lines = gunzipSync(whole).toString('utf8').split('\n')
      const shortened = `${backupFile}.shortened`
      cleanups.push(() => rm(shortened, { force: true }))
      await writeFile(shortened, gzipSync(lines.slice(0, Math.floor(lines.length / 2)).join('\n') + '\n'))
      for (const file of [cut, damaged, shortened]) {
        const empty = await newTarget()
        const refused = await run('restore', empty, file)
        expect(refused.out).toContain('is not a complete backup')
        expect(refused.out).toContain('nothing was changed')
        expect(refused.code).toBe(1)
        if (empty.databaseUrl) {
          const database = await open(empty)
          const { rows } = await sql<{ n: string }>`
            select count(*)::text as n from pg_class where relnamespace = current_schema()::regnamespace`.execute(
            database.db,
          )
          expect(rows[0]!.n).toBe('0')
          await database.close()
        } else {
          expect(existsSync(embeddedDatabaseDir(empty.dataDir))).toBe(false)
        }
        expect(existsSync(path.join(empty.dataDir, 'files'))).toBe(false)
      }
    }, 120_000)

    it('keeps secrets.json out of a backup unless asked with --with-secrets', async () => {
      const secrets = JSON.parse(await readFile(secretsFile(source.dataDir), 'utf8')) as Record<string, string>
      const text = gunzipSync(await readFile(backupFile)).toString('utf8')
      for (const value of Object.values(secrets)) expect(text).not.toContain(value)
      const withSecrets = `${backupFile}.secrets`
      cleanups.push(() => rm(withSecrets, { force: true }))
      const taken = await run('backup', source, withSecrets, '--with-secrets')
      expect(taken.code).toBe(0)
      const all = gunzipSync(await readFile(withSecrets)).toString('utf8')
      expect(all).toContain(secrets.creditDataKey)
    }, 120_000)

    it('erases again on restore what was erased after the backup (the erasure ledger)', async () => {
      const erased = await product.app.inject({
        method: 'POST',
        url: `/api/v1/contacts/erase-personal-data/${contactId}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { reason: 'CCPA request 17' },
      })
      expect(erased.statusCode).toBe(200)
      expect(await readFile(erasureLedgerFile(source.dataDir), 'utf8')).toContain(contactId)
      await product.stop()

      const copy = await newTarget()
      await copyFile(secretsFile(source.dataDir), secretsFile(copy.dataDir))
      // The ledger lives outside the backup, kept with the keys: the operator puts it back too.
      await copyFile(erasureLedgerFile(source.dataDir), erasureLedgerFile(copy.dataDir))
      const restore = await run('restore', copy, backupFile)
      expect(restore.code).toBe(0)
      expect(restore.out).toContain('Erased again')
      const database = await open(copy)
      expect(await rowsHolding(database, name)).toEqual([])
      await database.close()
      const again = await start(copy)
      const read = await again.app.inject({
        method: 'GET',
        url: `/api/v1/contacts/${contactId}`,
        headers: { authorization: `Bearer ${await login(again)}` },
      })
      expect(read.statusCode).toBe(200)
      expect(read.json().name).toBe('erased')
      await again.stop()
    }, 240_000)
  })
}
