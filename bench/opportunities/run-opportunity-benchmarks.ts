import { rolePresets } from '@crm/contracts'
import { createDatabase, createEventStore, listCheckpoints } from '@crm/platform'
import { allProjections, migrateReadModels } from '@crm/projector'
import { sql } from 'kysely'
import { createBenchSchema } from '../bench-schema'
import type { BenchRow } from '../contact-lists/bench-row'
import { timed } from '../contact-lists/http-list-latency'
import { httpClient, type HttpClient } from '../http-client'
import { startServices } from '../services'
import { percentile } from '../stats'
import { generateOpportunityEvents, insertBenchUsers, userIdOf } from './generate-opportunity-events'

export const opportunitiesTitle = 'Opportunity dashboard at 200,000 opportunities'
const TARGET_MS = 100
const NOTE = '2 cores shared with PostgreSQL, the services, the load generator and other engineers’ test runs'
const PROJECTIONS = ['opportunities', 'opportunity_dashboard']

/**
 * Issue 13: the opportunity dashboard through HTTP on real PostgreSQL, in a schema of its own (dropped after).
 * 200,000 opportunities (OPPORTUNITY_BENCH_ROWS) go in as events, the services' own projector builds the read
 * models from them, and then each request shape is timed `rounds` times, one after another, beside reading one
 * opportunity by id (GET /opportunities/{id}) measured in the same run.
 */
export async function runOpportunityBenchmarks(databaseUrl: string): Promise<BenchRow[]> {
  const count = Number(process.env.OPPORTUNITY_BENCH_ROWS ?? 200_000)
  const rounds = Number(process.env.OPPORTUNITY_BENCH_ROUNDS ?? 200)
  const schema = await createBenchSchema(databaseUrl)
  const database = await createDatabase({ url: schema.url })
  try {
    const store = await createEventStore(database)
    await migrateReadModels(database, allProjections)
    let t = performance.now()
    await generateOpportunityEvents(database.db, count)
    const rows: BenchRow[] = [
      {
        name: `Generate ${count.toLocaleString('en-US')} opportunities as events (30 % closed: one more event each)`,
        value: (performance.now() - t) / 1000,
        unit: 's',
      },
    ]
    const head = await store.headPosition()
    await store.close()
    t = performance.now()
    const services = await startServices(schema.url)
    try {
      await caughtUp(database, head)
      rows.push({
        name: 'Projector: start and build opportunities and opportunity_dashboard from those events',
        value: (performance.now() - t) / 1000,
        unit: 's',
        note: 'every other read model passes over the same events',
      })
      await insertBenchUsers(database.db)
      await sql`vacuum analyze opportunity_dashboard_v1`.execute(database.db).catch(() => undefined)
      rows.push(...(await measure(services, database, rounds)))
    } finally {
      await services.stop()
    }
    return rows
  } finally {
    await database.close()
    await schema.drop()
  }
}

async function caughtUp(database: Awaited<ReturnType<typeof createDatabase>>, head: string): Promise<void> {
  const deadline = Date.now() + 30 * 60_000
  for (;;) {
    const checkpoints = await listCheckpoints(database.db).catch(() => [])
    const done = PROJECTIONS.every((name) =>
      checkpoints.some((c) => c.name === name && c.state === 'active' && c.position >= head),
    )
    if (done) return
    if (Date.now() > deadline) throw new Error('the projector did not catch up within 30 minutes')
    await new Promise((r) => setTimeout(r, 250))
  }
}

type Services = Awaited<ReturnType<typeof startServices>>

async function measure(services: Services, database: Awaited<ReturnType<typeof createDatabase>>, rounds: number) {
  // User 0 works in division 15: as a manager there (the whole division) and as a rep (their own).
  const managerToken = await services.tokenFor({
    userId: userIdOf(0),
    divisionId: 15,
    permissions: [...rolePresets.manager],
  })
  const repToken = await services.tokenFor({ userId: userIdOf(12), divisionId: 15, permissions: ['call'] })
  const manager = httpClient(services.queryUrl, 1, managerToken)
  const rep = httpClient(services.queryUrl, 1, repToken)
  try {
    const { rows: ids } = await sql<{ id: string }>`select opportunity_id::text as id from opportunities
      where division_id = 15 order by opportunity_id limit 200`.execute(database.db)
    const byId = await timedGets(rounds, manager, (i) => `/api/v1/opportunities/${ids[i % ids.length]!.id}`)
    const baseline = percentile(byId, 95)
    const out: BenchRow[] = [
      { name: 'Reading one opportunity by id (GET /opportunities/{id}): p50', value: percentile(byId, 50), unit: 'ms' },
      { name: 'Reading one opportunity by id (GET /opportunities/{id}): p95', value: baseline, unit: 'ms', note: NOTE },
    ]
    const quarter = (i: number) => {
      const q = i % 12
      const year = 2025 + Math.floor(q / 4)
      const month = (q % 4) * 3 + 1
      const end = new Date(Date.UTC(year, month + 2, 0)).toISOString().slice(0, 10)
      return `dateFrom=${year}-${String(month).padStart(2, '0')}-01&dateTo=${end}`
    }
    const cases: { name: string; client: HttpClient; path: (i: number) => string; target?: boolean }[] = [
      {
        name: 'Dashboard, a manager: division 15, all salespeople, one quarter (~4,000 opportunities)',
        client: manager,
        path: (i) => `/api/v1/dashboard-opportunity?divisionId=15&userId=all&${quarter(i)}`,
        target: true,
      },
      {
        name: 'Dashboard, a manager: division 15, all salespeople, three years (~50,000 opportunities)',
        client: manager,
        path: () => '/api/v1/dashboard-opportunity?divisionId=15&userId=all&dateFrom=2025-01-01&dateTo=2027-12-31',
        target: true,
      },
      {
        name: 'Dashboard, a rep: their own, one year',
        client: rep,
        path: (i) =>
          `/api/v1/dashboard-opportunity?divisionId=15&userId=${userIdOf(12)}&dateFrom=${2025 + (i % 3)}-01-01&dateTo=${2025 + (i % 3)}-12-31`,
        target: true,
      },
      {
        name: 'Drill-down: one stage, all salespeople, one quarter, first page of 25',
        client: manager,
        path: (i) =>
          `/api/v1/dashboard-opportunity/opportunities?divisionId=15&userId=all&${quarter(i)}&slice=${1 + (i % 7)}`,
      },
    ]
    for (const c of cases) {
      const times = await timedGets(rounds, c.client, c.path)
      const p95 = percentile(times, 95)
      out.push(
        { name: `${c.name}: p50`, value: percentile(times, 50), unit: 'ms' },
        {
          name: `${c.name}: p95`,
          value: p95,
          unit: 'ms',
          baseline,
          ...(c.target && { target: `< ${TARGET_MS} ms`, pass: p95 < TARGET_MS }),
        },
      )
    }
    const exports = await timedGets(Math.max(5, Math.round(rounds / 20)), manager, quarter2025)
    out.push({
      name: 'Export to Excel: totals and 1,000 opportunities, one quarter: p50',
      value: percentile(exports, 50),
      unit: 'ms',
      baseline,
    })
    return out
  } finally {
    manager.close()
    rep.close()
  }
}

const quarter2025 = () =>
  '/api/v1/dashboard-opportunity/export?divisionId=15&userId=all&dateFrom=2025-04-01&dateTo=2025-06-30'

/** `rounds` GET requests of `path(i)` one after another (after 10 uncounted), in milliseconds. */
const timedGets = (rounds: number, client: HttpClient, path: (i: number) => string) =>
  timed(rounds, (i) => client.request('GET', path(i)), 'opportunities')

/** Runs the section and replaces its part of bench/results.md. */
