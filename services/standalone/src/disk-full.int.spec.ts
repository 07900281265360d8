import { execFileSync } from 'node:child_process'
import { closeSync, openSync, writeSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { unavailableMessages } from '@crm/platform'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeStandalone, type Standalone } from './compose-app'
import { loadStandaloneConfig } from './config'
import { seed } from './seed/seed'

/** A small tmpfs of its own (root only): a real full disk under DATA_DIR, nothing simulated in the product. */
function mountSmallDisk(where: string): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', where], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Writes a file until the disk refuses another byte. */
function fillDisk(file: string): void {
  const fd = openSync(file, 'w')
  try {
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = Buffer.alloc(size)
      try {
        for (;;) writeSync(fd, chunk)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      }
    }
  } finally {
    closeSync(fd)
  }
}

let disk: string | undefined
let mounted = false
beforeAll(async () => {
  disk = await mkdtemp(path.join(tmpdir(), 'crm-disk-full-'))
  mounted = mountSmallDisk(disk)
})
afterAll(async () => {
  if (mounted) execFileSync('umount', ['-l', disk!], { stdio: 'ignore' })
  if (disk) await rm(disk, { recursive: true, force: true })
})

/**
 * docs/operations.md "When the disk fills": the embedded default's DATA_DIR on a 160 MB tmpfs that a file fills.
 * Writes then answer 503 in words ("The disk is full: ..."), not a 500; once space is freed they succeed again
 * without a restart, and after a restart every write that was answered 201 is there, once.
 */
describe('a full disk under DATA_DIR (embedded default)', () => {
  const started: Standalone[] = []
  afterAll(async () => {
    for (const s of started) await s.close().catch(() => undefined)
  })

  async function start(dataDir: string) {
    const config = loadStandaloneConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      EVENTSTORE_URL: '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'silent',
    })
    const standalone = await composeStandalone(config)
    started.push(standalone)
    await standalone.app.ready()
    expect(await standalone.projector.waitUntilActive(120_000)).toBe(true)
    await seed({ ...standalone, admin: config.admin, demo: false })
    const login = await standalone.app.inject({ method: 'POST', url: '/api/v1/auth/login-user', payload: config.admin })
    expect(login.statusCode).toBe(200)
    const token = login.json().token as string
    const createContact = (name: string) =>
      standalone.app.inject({
        method: 'POST',
        url: '/api/v1/contacts',
        headers: { authorization: `Bearer ${token}` },
        payload: { name, organizationTypeId: 7 },
      })
    return { standalone, token, createContact }
  }

  it('answers 503 while the disk is full and keeps every acknowledged write', { timeout: 240_000 }, async (context) => {
    if (!mounted) context.skip('mounting a tmpfs needs root on Linux')
    const dataDir = path.join(disk!, 'data')
    const first = await start(dataDir)
    const acknowledged: string[] = []
    const before = await first.createContact('Before The Disk Filled LLC')
    expect(before.statusCode).toBe(201)
    acknowledged.push(before.json().id)

    const filler = path.join(disk!, 'filler')
    fillDisk(filler)
    // The database still has room in files it had already grown (the WAL segment): writes fit there until one
    // needs a new page or segment. Each is either kept (201) or refused in words (503), never a 500.
    let refused: Awaited<ReturnType<typeof first.createContact>> | undefined
    for (let i = 0; i < 500 && !refused; i++) {
      const response = await first.createContact(`While The Disk Is Full ${i} LLC`)
      if (response.statusCode === 201) acknowledged.push(response.json().id)
      else refused = response
    }
    expect(refused?.statusCode).toBe(503)
    expect(refused!.json()).toMatchObject({ status: 503, title: unavailableMessages.diskFull })
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0)

    // Space freed: the same process writes again.
    await rm(filler)
    const after = await first.createContact('After Space Was Freed LLC')
    expect(after.statusCode).toBe(201)
    acknowledged.push(after.json().id)
    await first.standalone.close()
    started.pop()

    // After a restart every acknowledged write is there once, in the store and in the read model.
    const second = await start(dataDir)
    const { rows } = await sql<{ stream_id: string }>`
      select stream_id from events where type = 'ContactCreated'`.execute(second.standalone.database.db)
    expect(rows.map((r) => r.stream_id).sort()).toEqual(acknowledged.map((id) => `contact-${id}`).sort())
    const last = after.json().position as string
    for (const id of acknowledged) {
      const contact = await second.standalone.app.inject({
        method: 'GET',
        url: `/api/v1/contacts/${id}`,
        headers: { authorization: `Bearer ${second.token}`, 'x-min-position': last },
      })
      expect(contact.statusCode, id).toBe(200)
    }
  })
})
