import { createIsolatedPostgres } from '@crm/platform/testing'
import { createEventStore, createLogger, listCheckpoints } from '@crm/platform'
import { allProjections, startProjector } from '@crm/projector'
import { httpClient } from '../http-client'
import { startServices } from '../services'
import { percentile } from '../stats'
import type { BenchRow } from '../contact-lists/bench-row'
import { createBenchStack } from '../contact-lists/bench-stack'
import { timed } from '../contact-lists/http-list-latency'
import { schemaUrl } from '../contact-lists/run-contact-list-benchmarks'
import { generateActivityEvents, generateReportFacts } from './generate-report-facts'

const TARGET_MS = 200
export const reportsTitle = 'Reports: sales metrics at 5,000,000 activity facts, and the report projector catch-up'
const EXECUTIVE = { userId: '00000000-0000-4000-8000-000000000000', divisionId: 15, permissions: ['executive'] }
const QUARTER = 'dateFrom=2026-07-01&dateTo=2026-09-30&utcOffset=-300&divisionId=15'

/**
 * Issue 18's reports at scale, on real PostgreSQL in schemas of their own. First the sales metrics of division 15
 * for a quarter through HTTP (the query API process of bench/services.ts) over generated report facts, against
 * reading one user by id; then the projector's catch-up rate on activity events for the report read model.
 * REPORT_BENCH_FACTS / _CONTACTS / _EVENTS / _ROUNDS shrink it for a smoke run.
 */
export async function runReportBenchmarks(databaseUrl: string): Promise<BenchRow[]> {
  const facts = Number(process.env.REPORT_BENCH_FACTS ?? 5_000_000)
  const contacts = Number(process.env.REPORT_BENCH_CONTACTS ?? 1_000_000)
  const events = Number(process.env.REPORT_BENCH_EVENTS ?? 1_000_000)
  const rounds = Number(process.env.REPORT_BENCH_ROUNDS ?? 100)
  const rows: BenchRow[] = []
  const stack = await createBenchStack(databaseUrl)
  try {
    await stack.stopProjector()
    const t = performance.now()
    await generateReportFacts(stack.database.db, facts, contacts)
    rows.push({
      name: `Generate report_sales_facts (${facts.toLocaleString('en-US')} facts over ${contacts.toLocaleString('en-US')} contacts, by SQL, their daily roll-up, then vacuum analyze)`,
      value: (performance.now() - t) / 1000,
      unit: 's',
    })
    const services = await startServices(schemaUrl(databaseUrl, stack.schema))
    const client = httpClient(services.queryUrl, 1, await services.tokenFor(EXECUTIVE))
    try {
      const byId = await timed(rounds, () => client.request('GET', `/api/v1/users/${EXECUTIVE.userId}`), 'by id')
      const report = await timed(
        rounds,
        () => client.request('GET', `/api/v1/reports/sales-metric?${QUARTER}`),
        'report',
      )
      const byId95 = percentile(byId, 95)
      const p95 = percentile(report, 95)
      rows.push(
        { name: 'Reading one user by id (GET /users/{id}): p50', value: percentile(byId, 50), unit: 'ms' },
        { name: 'Reading one user by id (GET /users/{id}): p95', value: byId95, unit: 'ms' },
        {
          name: 'Sales metrics, division 15, Q3 2026 (GET /reports/sales-metric): p50',
          value: percentile(report, 50),
          unit: 'ms',
        },
        {
          name: 'Sales metrics, division 15, Q3 2026 (GET /reports/sales-metric): p95',
          value: p95,
          unit: 'ms',
          target: `< ${TARGET_MS} ms`,
          pass: p95 < TARGET_MS,
          baseline: byId95,
        },
      )
    } finally {
      client.close()
      await services.stop()
    }
  } finally {
    await stack.close()
  }
  rows.push(await reportCatchUp(databaseUrl, events, contacts))
  return rows
}

/** `events` ActivityLogged events generated into an empty store; the report read model alone catches up. */
async function reportCatchUp(databaseUrl: string, events: number, contacts: number): Promise<BenchRow> {
  const database = await createIsolatedPostgres(databaseUrl, 8)
  try {
    const store = await createEventStore(database)
    await generateActivityEvents(database.db, events, contacts)
    const head = await store.headPosition()
    const projection = allProjections.find((p) => p.name === 'report_sales_facts')!
    const t = performance.now()
    const logger = createLogger('bench', 'warn')
    const projector = await startProjector({ database, store, projections: [projection], logger, lease: false })
    let ms = 0
    while (!ms) {
      const checkpoints = await listCheckpoints(database.db)
      if (checkpoints.some((c) => c.name === projection.name && c.state === 'active' && c.position >= head)) {
        ms = performance.now() - t
      } else await new Promise((r) => setTimeout(r, 50))
    }
    await projector.stop()
    return {
      name: `Projector catch-up, ${events.toLocaleString('en-US')} ActivityLogged events, report_sales_facts only`,
      value: (events / ms) * 1000,
      unit: 'events/s',
      note: `${(ms / 1000).toFixed(1)} s`,
    }
  } finally {
    await database.close()
  }
}

// `npx tsx bench/reports/run-report-benchmarks.ts` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runReportBenchmarks(process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test')
  console.table(rows.map((r) => ({ ...r, value: Number(r.value.toFixed(2)), baseline: r.baseline?.toFixed(2) })))
  process.exit(0)
}
