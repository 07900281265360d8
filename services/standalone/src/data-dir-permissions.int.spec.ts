import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeStandalone, embeddedDatabaseDir, type Standalone } from './compose-app'
import { loadStandaloneConfig } from './config'
import { seed } from './seed/seed'

/** Every file and directory under `root` whose mode lets the group or others read, write or enter it. */
async function openToOthers(root: string): Promise<string[]> {
  const found: string[] = []
  const visit = async (entry: string) => {
    const stats = await lstat(entry)
    if (stats.isSymbolicLink()) return
    if ((stats.mode & 0o077) !== 0)
      found.push(`${path.relative(root, entry) || '.'} ${(stats.mode & 0o7777).toString(8)}`)
    if (stats.isDirectory()) for (const name of await readdir(entry)) await visit(path.join(entry, name))
  }
  await visit(root)
  return found
}

/**
 * DATA_DIR holds the read models, the event store, the erasure keys, uploaded files and the generated secrets: no
 * other local account may read or change any of it. Started under the usual umask 0022, the product leaves
 * nothing under DATA_DIR open to the group or others, at the first start and after a restart, also what an older
 * version or a restored copy left readable.
 */
describe('standalone on PGlite: DATA_DIR is the owner’s alone', () => {
  let dataDir: string
  let started: Standalone | undefined
  const umaskBefore = process.umask()

  beforeAll(async () => {
    dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'crm-modes-')), 'data')
  })
  afterAll(async () => {
    await started?.close().catch(() => undefined)
    process.umask(umaskBefore)
    if (dataDir) await rm(path.dirname(dataDir), { recursive: true, force: true })
  })

  async function start(): Promise<Standalone> {
    // A shell's usual umask: without the product's own, new files would be readable by every account.
    process.umask(0o022)
    const config = loadStandaloneConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' })
    const standalone = await composeStandalone(config)
    started = standalone
    await standalone.app.ready()
    expect(await standalone.projector.waitUntilActive(60_000)).toBe(true)
    await seed({ ...standalone, admin: config.admin, demo: false })
    return standalone
  }

  async function stop(): Promise<void> {
    await started?.close()
    started = undefined
  }

  /** Writes through the product: a contact (events, read models) and an uploaded business card (a file). */
  async function writeData(standalone: Standalone, name: string): Promise<void> {
    const login = await standalone.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login-user',
      payload: { email: 'admin@example.com', password: 'admin12345' },
    })
    expect(login.statusCode).toBe(200)
    const authorization = `Bearer ${login.json().token}`
    const created = await standalone.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { authorization },
      payload: { name, organizationTypeId: 7 },
    })
    expect(created.statusCode, created.body).toBe(201)
    const boundary = 'x-boundary'
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff])
    const uploaded = await standalone.app.inject({
      method: 'POST',
      url: `/api/v1/contacts/upload-business-card/${created.json().id}`,
      headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    })
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    // What PGlite holds in memory goes to its files.
    await standalone.database.query('checkpoint', [])
  }

  it('creates everything owner-only at the first start, under umask 0022', async () => {
    const first = await start()
    await writeData(first, 'Keyhole Freight LLC')
    expect((await lstat(dataDir)).mode & 0o777).toBe(0o700)
    expect(await readdir(path.join(dataDir, 'files'))).not.toEqual([])
    expect(await openToOthers(dataDir)).toEqual([])
    // A new embedded database is made first (initdb in a process of its own): slow on a busy machine.
  }, 180_000)

  it('tightens at the next start what an older version or a restored copy left open, and stays so', async () => {
    await stop()
    // As an older version (or a copy restored under umask 0022) left it: the folder, the database's files and
    // directories, an uploaded file and the secrets readable by all.
    await chmod(dataDir, 0o755)
    const pglite = embeddedDatabaseDir(dataDir)
    await chmod(pglite, 0o755)
    await chmod(path.join(pglite, 'base'), 0o755)
    await chmod(path.join(pglite, 'PG_VERSION'), 0o666)
    await chmod(path.join(pglite, 'global', 'pg_control'), 0o644)
    await chmod(path.join(dataDir, 'secrets.json'), 0o644)
    await mkdir(path.join(dataDir, 'files', 'zz'), { mode: 0o777 })
    await chmod(path.join(dataDir, 'files', 'zz'), 0o777)
    await writeFile(path.join(dataDir, 'files', 'zz', 'old-upload.pdf'), 'old', { mode: 0o666 })
    await chmod(path.join(dataDir, 'files', 'zz', 'old-upload.pdf'), 0o666)
    expect((await openToOthers(dataDir)).length).toBeGreaterThan(5)

    const second = await start()
    await writeData(second, 'Keyhole Freight Two LLC')
    expect((await lstat(dataDir)).mode & 0o777).toBe(0o700)
    expect(await openToOthers(dataDir)).toEqual([])
    await stop()
    // A clean shutdown writes its last files too.
    expect(await openToOthers(dataDir)).toEqual([])
  }, 120_000)
})
