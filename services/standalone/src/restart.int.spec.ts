import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { START } from '@crm/platform'
import { afterAll, describe, expect, it } from 'vitest'
import { composeStandalone, type Standalone } from './compose-app'
import { loadStandaloneConfig } from './config'
import { seed } from './seed/seed'

/** The embedded default keeps everything across a restart (issue 2: "A restart keeps all data"). */
describe('standalone on PGlite: restart', () => {
  let dataDir: string
  const started: Standalone[] = []
  afterAll(async () => {
    for (const s of started) await s.close().catch(() => undefined)
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  async function start(): Promise<Standalone> {
    const config = loadStandaloneConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' })
    const standalone = await composeStandalone(config)
    started.push(standalone)
    await standalone.app.ready()
    expect(await standalone.projector.waitUntilActive(60_000)).toBe(true)
    await seed({ ...standalone, admin: config.admin, demo: false })
    return standalone
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

  it('finds after a restart the contact created before it, with its history, and seeds no second admin', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'crm-restart-'))
    const first = await start()
    const token = await login(first)
    const created = await first.app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Ozark Mountain Hauling LLC', organizationTypeId: 7, dotNumber: '2233445' },
    })
    expect(created.statusCode).toBe(201)
    const { id } = created.json()
    const eventsBefore = (await first.store.readAll({ after: START, limit: 10_000 })).length
    await first.close()
    started.pop()

    const second = await start()
    const again = await login(second)
    const contact = await second.app.inject({
      method: 'GET',
      url: `/api/v1/contacts/${id}`,
      headers: { authorization: `Bearer ${again}`, 'x-min-position': created.json().position },
    })
    expect(contact.statusCode).toBe(200)
    expect(contact.json()).toMatchObject({ name: 'Ozark Mountain Hauling LLC', dotNumber: '2233445' })
    const history = await second.app.inject({
      method: 'GET',
      url: `/api/v1/contacts/history/${id}`,
      headers: { authorization: `Bearer ${again}` },
    })
    expect(history.json()).toHaveLength(1)
    // Seeding again at the second start appended nothing (fixed command ids).
    const eventsAfter = (await second.store.readAll({ after: START, limit: 10_000 })).length
    expect(eventsAfter).toBe(eventsBefore)
  })
})
