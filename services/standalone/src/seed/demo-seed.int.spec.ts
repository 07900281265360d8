import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { START, waitForPosition } from '@crm/platform'
import { allProjections } from '@crm/projector'
import { afterAll, describe, expect, it } from 'vitest'
import { composeStandalone, type Standalone } from '../compose-app'
import { loadStandaloneConfig } from '../config'
import { DEMO_PASSWORD, demoUsers } from './demo-data'
import { DEMO_SEED, seed } from './seed'
import { writeDemo } from './write-demo'

const DAY = 86_400_000

/**
 * A fresh install shows a living floor in every module, dated over the quarter before the first start, written
 * once (issue 43). At a tenth of the full size, which still gives every module and every story's fate.
 */
describe('standalone on PGlite: demo data', () => {
  let dataDir: string
  let standalone: Standalone | undefined
  afterAll(async () => {
    await standalone?.close().catch(() => undefined)
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('fills every module through the commands, over a quarter, and a second start appends nothing', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'crm-demo-'))
    const config = loadStandaloneConfig({ DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'silent' })
    standalone = await composeStandalone(config)
    await standalone.app.ready()
    expect(await standalone.projector.waitUntilActive(60_000)).toBe(true)
    const s = standalone
    const seedNow = () => seed({ ...s, admin: config.admin, demo: true, demoScale: 0.1 })
    const counts = (await seedNow())!
    const events = await s.store.readAll({ after: START, limit: 1_000_000 })
    // A start after a whole demo sends nothing (how fast that is belongs to the bench, not to a test).
    await seedNow()
    expect((await s.store.readAll({ after: START, limit: 1_000_000 })).length).toBe(events.length)
    // A start stopped anywhere carries on: every command of the demo sent again (its uploads and credit
    // applications too, which take no idempotency key) appends nothing.
    await writeDemo(
      { ...s, admin: config.admin, intakeKeys: s.intakeKeys },
      { seed: DEMO_SEED, firstStart: new Date(events.find((e) => e.type === 'UserRegistered')!.createdAt), scale: 0.1 },
    )
    const rewritten = await s.store.readAll({ after: START, limit: 1_000_000 })
    expect(rewritten.slice(events.length).map((e) => e.type)).toEqual([])

    // What the generator wrote, by module: every kind is there.
    for (const kind of [
      'leadImports', 'carriers', 'assigned', 'callsAnswered', 'callsAttempted', 'texts', 'tasks', 'tasksCompleted',
      'meetings', 'sharedNotes', 'comments', 'toProspect', 'toAccount', 'givenUp', 'contractLost', 'redFlags',
      'outOfBusiness', 'opportunities', 'opportunityChanges', 'referrals', 'referralsCompleted', 'referralsPaid',
      'toUnassignedProspect', 'status5', 'emailTemplates',
      'emailsSent', 'emailsScheduled', 'emailClicks', 'marketingSends', 'logisticsCustomers', 'loads', 'dealers', 'expenses', 'receipts',
      'creditApplications', 'creditApplicationsMerged',
    ]) expect(counts[kind] ?? 0, kind).toBeGreaterThan(0) // prettier-ignore
    expect(counts.carriers).toBe(300)

    // Dated over the quarter: the oldest work is near three months old, none after the first start.
    const times = events.filter((e) => e.streamId.startsWith('contact-')).map((e) => Date.parse(e.metadata.occurredAt))
    const firstStart = Date.parse(events.find((e) => e.type === 'UserRegistered')!.createdAt)
    expect(Math.min(...times)).toBeLessThan(firstStart - 75 * DAY)
    expect(Math.max(...times)).toBeLessThanOrEqual(firstStart)

    // Each module's screen answers with the demo's records.
    await waitForPosition(
      s.database.db,
      allProjections.map((p) => p.name),
      await s.store.headPosition(),
      60_000,
    )
    const token = async (email: string, password = DEMO_PASSWORD) =>
      (await s.app.inject({ method: 'POST', url: '/api/v1/auth/login-user', payload: { email, password } })).json()
        .token as string
    const admin = await token(config.admin.email, config.admin.password)
    const get = async (url: string, as = admin) => {
      const response = await s.app.inject({
        method: 'GET',
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${as}` },
      })
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200)
      return response.json()
    }
    const sizeOf = (answer: { total?: number; rows?: unknown[]; items?: unknown[] } | unknown[]) =>
      Array.isArray(answer) ? answer.length : (answer.total ?? answer.rows?.length ?? answer.items?.length ?? 0)
    const options = (o: object) => encodeURIComponent(JSON.stringify({ pagination: { limit: 100, first: 0 }, ...o }))

    // The administrator's division (Sales): its census list and today's inquiries.
    expect((await get(`/contacts/count?options=${options({})}`)).total).toBeGreaterThan(200)
    expect(sizeOf(await get('/users?limit=50'))).toBeGreaterThanOrEqual(demoUsers.length + 1)
    // An uploader sees their imports: the Sales manager's census list and today's web inquiries.
    expect(sizeOf(await get('/lead-imports', await token('manager@example.com')))).toBe(2)
    // Referrals Commercial Finance received from Sales: open, completed (their task done) and paid.
    const referrals = await get('/referral/get-referrals?limit=100', await token('finance.manager@example.com'))
    const shown = new Set(
      (referrals.rows as { status: number; paymentStatus: string | null }[]).map(
        (r) => `${r.status} ${r.paymentStatus}`,
      ),
    )
    expect([...shown].sort()).toEqual(['1 null', '2 Paid', '2 null'])
    // The Sales manager's lists that need a story of their own: the pool of prospects, prospects to win again.
    const manager = await token('manager@example.com')
    for (const list of ['unassigned-prospects', 'win-again-prospects', 'unassigned-lead', 'accounts'])
      expect((await get(`/contact-lists/${list}?options=${options({})}`, manager)).total, list).toBeGreaterThan(0)
    expect(sizeOf(await get(`/ts-dealers?options=${options({})}`, await token('trucks@example.com')))).toBeGreaterThan(
      0,
    )
    expect(sizeOf(await get('/emails/history?limit=50', await token('manager@example.com')))).toBeGreaterThan(0)
    const applications = await Promise.all(
      ['website', 'cps', 'cef'].map(async (source) =>
        sizeOf(await get(`/${source}-credit-applications?options=${options({})}`)),
      ),
    )
    expect(applications.every((n) => n > 0)).toBe(true)
    const rep = await token('rep1@example.com')
    const tasks: { displayStatus: number }[] = []
    for (let page = 1; page <= 20; page++) {
      const rows = (await get(`/task/assigned-tasks?includeCompleted=true&pageSize=100&page=${page}`, rep)).rows
      tasks.push(...rows)
      if (rows.length < 100) break
    }
    // On schedule, past due and completed: a rep's list has all three.
    const statuses = new Set(tasks.map((t) => t.displayStatus))
    expect([0, 1, 2].filter((status) => statuses.has(status))).toEqual([0, 1, 2])
    // The executive's dashboard: her own welcome calls to new accounts, due this week.
    const execTasks = await get('/task/assigned-tasks?pageSize=100&page=1', await token('exec@example.com'))
    expect(execTasks.rows.length).toBeGreaterThan(0)
    // The Expenses screen opens on the caller's own current month: the demo's people have expenses there.
    for (const email of ['manager@example.com', 'rep1@example.com'])
      expect((await get('/expenses', await token(email))).total, email).toBeGreaterThan(0)
    expect(sizeOf(await get('/audit?limit=100'))).toBeGreaterThan(0)
  }, 600_000)
})
