import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { START, waitForPosition } from '@crm/platform'
import { afterAll, describe, expect, it } from 'vitest'
import { composeStandalone, type Standalone } from '../compose-app'
import { loadStandaloneConfig } from '../config'
import { DEMO_PASSWORD } from './demo-data'
import { seed } from './seed'

/** A fresh install shows a rep's working week; starting again seeds nothing twice. */
describe('standalone on PGlite: demo data', () => {
  let dataDir: string
  let standalone: Standalone | undefined
  afterAll(async () => {
    await standalone?.close().catch(() => undefined)
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('gives each demo user tasks (one past due), logged calls and a completed task, once', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'crm-demo-'))
    const config = loadStandaloneConfig({ DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'silent' })
    standalone = await composeStandalone(config)
    await standalone.app.ready()
    expect(await standalone.projector.waitUntilActive(60_000)).toBe(true)
    const seedNow = () => seed({ ...standalone!, admin: config.admin, demo: true })
    await seedNow()
    const events = async () => (await standalone!.store.readAll({ after: START, limit: 100_000 })).length
    const afterFirst = await events()
    await seedNow()
    expect(await events()).toBe(afterFirst)

    await waitForPosition(
      standalone.database.db,
      ['tasks', 'activities'],
      await standalone.store.headPosition(),
      20_000,
    )
    const login = await standalone.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login-user',
      payload: { email: 'rep1@example.com', password: DEMO_PASSWORD },
    })
    const headers = { authorization: `Bearer ${login.json().token}` }
    const tasks = await standalone.app.inject({ method: 'GET', url: '/api/v1/task/assigned-tasks', headers })
    expect(tasks.statusCode, tasks.body).toBe(200)
    const rows = tasks.json().rows as { displayStatus: number; followsTaskId: string | null; contactId: string }[]
    // Four planned tasks and the follow-up of the completed one.
    expect(rows).toHaveLength(5)
    expect(rows.filter((t) => t.displayStatus === 1)).toHaveLength(1)
    const followUp = rows.find((t) => t.followsTaskId)!
    const timeline = await standalone.app.inject({
      method: 'GET',
      url: `/api/v1/contact-activities-timeline/all?contactId=${followUp.contactId}`,
      headers,
    })
    expect(timeline.json().items.map((i: { followUpLabel: string }) => i.followUpLabel)).toEqual(['Initial'])
  })
})
