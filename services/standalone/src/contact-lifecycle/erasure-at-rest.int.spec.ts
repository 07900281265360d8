import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeStandalone, type Standalone } from '../compose-app'
import { loadStandaloneConfig } from '../config'
import { seed } from '../seed/seed'

/** Values no other test writes: found in any file under DATA_DIR after the erasure, they lingered at rest. */
const personal = {
  name: 'Brimvale Ostracod Haulage',
  ownerName: 'Ysolde Marrowick',
  businessPhone: '(555) 014-8826',
  address: { street1: '41 Marrowick Fen Road', city: 'Laramie', state: 'WY', zip: '82071' },
}
const noteText = 'Ysolde keeps the spare keys under the blue tarp'
const leakable = [
  personal.name,
  personal.ownerName,
  personal.address.street1,
  noteText,
  personal.businessPhone,
  '5550148826',
  '014-8826',
]

/** The files under `root` (every byte, as stored) that hold `text` in UTF-8, by path relative to `root`. */
async function filesHolding(root: string, texts: readonly string[]): Promise<string[]> {
  const needles = texts.map((t) => [t, Buffer.from(t, 'utf8')] as const)
  const found: string[] = []
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const file = path.join(entry.parentPath, entry.name)
    let bytes: Buffer
    try {
      bytes = await readFile(file)
    } catch (error) {
      // A WAL segment or temporary file removed while the walk went on.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    for (const [text, needle] of needles) {
      if (bytes.includes(needle)) found.push(`${path.relative(root, file)}: ${text}`)
    }
  }
  return found
}

/**
 * Erasure complete at rest on the embedded database (docs/decisions/047-personal-data-at-rest.md): after a contact's
 * personal data is erased and the rewrite that follows it is done, no file under DATA_DIR (the tables, their
 * indexes, the write-ahead log) holds any erased value, while the process runs and after it stops.
 */
describe('standalone on PGlite: an erased contact leaves nothing in the database’s files', () => {
  let dataDir: string
  let standalone: Standalone | undefined
  let authorization: string
  const dataDirBefore = process.env.DATA_DIR

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    standalone!.app.inject({ method, url: `/api/v1${url}`, headers: { authorization }, payload })

  beforeAll(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'crm-erasure-at-rest-')), 'data')
    // The services hosted in the process read DATA_DIR from the environment, as a deployment sets it.
    process.env.DATA_DIR = dataDir
    const config = loadStandaloneConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' })
    standalone = await composeStandalone(config)
    await standalone.app.ready()
    expect(await standalone.projector.waitUntilActive(60_000)).toBe(true)
    await seed({ ...standalone, admin: config.admin, demo: false })
    const login = await standalone.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login-user',
      payload: { email: config.admin.email, password: config.admin.password },
    })
    authorization = `Bearer ${login.json().token}`
  }, 180_000)
  afterAll(async () => {
    await standalone?.close().catch(() => undefined)
    if (dataDirBefore === undefined) delete process.env.DATA_DIR
    else process.env.DATA_DIR = dataDirBefore
    if (dataDir) await rm(path.dirname(dataDir), { recursive: true, force: true })
  })

  it('finds no name, phone, address or note text of the erased contact in any file', async () => {
    const created = await call('POST', '/contacts', { ...personal, organizationTypeId: 7, dotNumber: '3310981' })
    expect(created.statusCode, created.body).toBe(201)
    const contactId = created.json().id as string
    const noted = await call('POST', '/activity/shared-notes', { contactId, note: noteText })
    expect(noted.statusCode, noted.body).toBe(201)
    const read = await standalone!.app.inject({
      method: 'GET',
      url: `/api/v1/contacts/${contactId}`,
      headers: { authorization, 'x-min-position': noted.json().position },
    })
    expect(read.json()).toMatchObject({ name: personal.name, ownerName: personal.ownerName })
    // As the projector's housekeeping does after a table grows by a tenth (on small tables its samples are every
    // value): the statistics catalogs then hold the name and phone too.
    await standalone!.database.query('analyze', [])
    // The search is not blind: before the erasure the values are in the files (WAL and tables).
    await standalone!.database.query('checkpoint', [])
    const before = await filesHolding(dataDir, leakable)
    for (const text of [personal.name, personal.ownerName, personal.address.street1, noteText]) {
      expect(
        before.some((hit) => hit.endsWith(`: ${text}`)),
        text,
      ).toBe(true)
    }

    const started = Date.now()
    const erased = await call('POST', `/contacts/erase-personal-data/${contactId}`, { reason: 'CCPA request 3107' })
    expect(erased.statusCode, erased.body).toBe(200)
    // The command answers without waiting for the rewrite, which follows it.
    expect(Date.now() - started).toBeLessThan(5_000)
    await standalone!.erasureAtRest.idle()
    const afterRead = await standalone!.app.inject({
      method: 'GET',
      url: `/api/v1/contacts/${contactId}`,
      headers: { authorization, 'x-min-position': erased.json().position },
    })
    expect(afterRead.json()).toMatchObject({ name: 'erased', dotNumber: '3310981' })
    expect(await filesHolding(dataDir, leakable)).toEqual([])

    await standalone!.close()
    standalone = undefined
    expect(await filesHolding(dataDir, leakable)).toEqual([])
  }, 120_000)
})
