import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createDatabase, createEventStore, createLogger } from '@crm/platform'
import { allProjections, eventTypesOf, migrateReadModels, startProjector, type AnyProjection } from '@crm/projector'
import pg from 'pg'
import { sql, type Kysely } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import type { Standalone } from '../compose-app'
import { readFixtureFacts, type FixtureManifest } from './fixture-reads'
import { fixtureFiles, loadPostgresDump, openEmbedded, openPostgres, unpack, withDatabase } from './open-fixture'

/**
 * Upgrade fixtures (fixtures/upgrade/<date>/): data written by an earlier release, never written again. Each one is
 * opened with today's code, as an upgrade opens an installation, and every screen's read must answer as its
 * manifest says. An embedded data directory that this PGlite cannot open fails here first, with the reason in words.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../fixtures/upgrade')
const fixtures = existsSync(root)
  ? readdirSync(root, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()
  : []
const serverUrl = process.env.DATABASE_URL

const manifestOf = (dir: string, engine: 'embedded' | 'postgres') =>
  JSON.parse(readFileSync(fixtureFiles(dir).manifest(engine), 'utf8')) as FixtureManifest

/** Every read of the manifest, checked one by one so a failure names the screen. */
async function expectReads(standalone: Standalone, manifest: FixtureManifest, only?: (name: string) => boolean) {
  const actual = await readFixtureFacts(standalone.app, manifest.subjects)
  for (const [name, facts] of Object.entries(manifest.reads)) {
    if (only && !only(name)) continue
    expect(actual[name], `${manifest.engine}: ${name}`).toEqual(facts)
  }
}

it('has at least one upgrade fixture', () => {
  expect(fixtures.length).toBeGreaterThan(0)
})

describe.each(fixtures)('upgrade fixture %s', (fixture) => {
  const dir = path.join(root, fixture)
  const files = fixtureFiles(dir)
  const cleanups: (() => Promise<unknown>)[] = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  })

  it('opens the embedded data directory with this release and every screen reads as the manifest says', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'crm-upgrade-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    await unpack(files.embedded, dataDir)
    const standalone = await openEmbedded(dataDir)
    cleanups.push(() => standalone.close())
    await expectReads(standalone, manifestOf(dir, 'embedded'))
    await standalone.close()
  }, 180_000)

  it.skipIf(!serverUrl)(
    'restores the PostgreSQL dump into a fresh database, opens it, and a new read-model version takes over blue/green',
    async () => {
      const name = `crm_upgrade_${randomBytes(4).toString('hex')}`
      await onServer(`create database ${name}`)
      cleanups.push(() => onServer(`drop database if exists ${name} with (force)`))
      const databaseUrl = withDatabase(serverUrl!, name)
      const dataDir = await mkdtemp(path.join(tmpdir(), 'crm-upgrade-'))
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
      await unpack(files.postgresDataDir, dataDir)
      await loadPostgresDump(databaseUrl, files.postgresDump)
      const standalone = await openPostgres(dataDir, databaseUrl)
      cleanups.push(() => standalone.close())
      const manifest = manifestOf(dir, 'postgres')
      await expectReads(standalone, manifest)

      // A release that bumps contact_search's version, started beside the running one (a rolling deploy): the new
      // version backfills into its own tables while the old one keeps serving every contact list, then the views
      // switch to it and the same reads answer the same.
      const current = allProjections.find((p) => p.name === 'contact_search')!
      let release!: () => void
      const released = new Promise<void>((resolve) => (release = resolve))
      let gateReached = 0
      let backfilling!: () => void
      const started = new Promise<void>((resolve) => (backfilling = resolve)).then(() => {
        gateReached = performance.now()
      })
      const applyBatch = Object.assign(
        async (...args: Parameters<AnyProjection['applyBatch']>) => {
          backfilling()
          await released
          return current.applyBatch(...args)
        },
        { eventTypes: eventTypesOf(current) },
      )
      const bumped: AnyProjection = { ...current, version: current.version + 1, applyBatch }
      const database = await createDatabase({ url: databaseUrl, poolSize: 4 })
      cleanups.push(() => database.close())
      const store = await createEventStore(database, {})
      await migrateReadModels(database, [bumped])
      const logger = createLogger('upgrade', 'silent')
      const began = performance.now()
      const projector = await startProjector({ database, store, projections: [bumped], logger, housekeeping: false })
      cleanups.push(() => projector.stop())
      await started
      const lists = (readName: string) => readName.startsWith('contact list')
      expect(await states(database.db)).toEqual({ [current.version]: 'active', [bumped.version]: 'backfilling' })
      await expectReads(standalone, manifest, lists)
      const heldFor = performance.now()
      release()
      // The old version's runner (in the running release) retires itself once the new one is active.
      const until = Date.now() + 120_000
      while ((await states(database.db))[bumped.version] !== 'active' && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 100))
      const rebuildMs = gateReached - began + (performance.now() - heldFor)
      expect((await states(database.db))[bumped.version]).toBe('active')
      expect(await viewSource(database.db, 'contact_search')).toBe(`contact_search_v${bumped.version}`)
      await expectReads(standalone, manifest, lists)
      console.log(
        `upgrade fixture ${fixture}: contact_search v${bumped.version} rebuilt beside v${current.version} over ` +
          `${manifest.counts.carriers} contacts in ${Math.round(rebuildMs)} ms (the time it was held back excluded)`,
      )
    },
    240_000,
  )

  async function onServer(statement: string) {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
})

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

async function states(db: Db): Promise<Record<number, string>> {
  const { rows } = await sql<{ version: number; state: string }>`
    select version, state from projection_checkpoints where name = 'contact_search'`.execute(db)
  return Object.fromEntries(rows.map((r) => [r.version, r.state]))
}

/** The table a read model's view reads from. */
async function viewSource(db: Db, view: string): Promise<string | undefined> {
  const { rows } = await sql<{ source: string }>`
    select distinct t.table_name as source from information_schema.view_table_usage t
    where t.view_name = ${view} and t.view_schema = current_schema()`.execute(db)
  return rows[0]?.source
}
