/**
 * `npm run bench`: every benchmark in one run on real PostgreSQL (DATABASE_URL), written to bench/results.md:
 * first the event store, projector and HTTP figures (one run, because the machines are shared and noisy: each
 * ratio compares figures taken minutes apart under the same load), then each section of `sections` below, each
 * replacing its own part of the file. BENCH_ONLY=<name> runs one section alone; BENCH_SKIP=<name,name> leaves
 * sections out of the whole run; BENCH_SCALE=0.2 shrinks the first part for a quick smoke run.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { pgbenchInsertTps } from './baseline-pgbench'
import { createBenchSchema } from './bench-schema'
import { eventStoreAppendsPerSecond } from './event-store-appends'
import { httpCreateContacts } from './http-commands'
import { loadAverage, machineFacts } from './machine'
import { coresUsed, sampleCpu } from './process-cpu'
import { projectorCatchUp } from './projector-catch-up'
import { renderReport, resultRows, type BenchFigures } from './report'
import { startServices } from './services'
import { summarize } from './stats'
import { drainBacklog, measureVisibility } from './visibility'
import { callsBenchTitle, runCallsBenchmarks } from './calls/run-calls-bench'
import { analystsTitle, runAnalystsBenchmarks } from './analysts/run'
import { censusImportTitle, runCensusImportSection } from './census-import/run'
import type { BenchRow } from './contact-lists/bench-row'
import { runContactListBenchmarks } from './contact-lists/run-contact-list-benchmarks'
import { runContactRecordBenchmarks } from './contact-record/run-contact-record-benchmarks'
import { runLogisticsBenchmarks } from './logistics/run-logistics-benchmarks'
import { renderBenchRows, replaceSection, sectionOf } from './contact-lists/render-rows'
import { contactsInteractiveTitle, measureContactsInteractive } from './contacts-interactive'
import { runCreditApplicationBenchmarks } from './credit-applications/run-credit-application-benchmarks'
import { emailBenchSetup, emailBenchTitle, runEmailBenchmarks } from './email/run'
import { lighthouseRows, lighthouseTitle, measureLighthouse } from './lighthouse'
import { opportunitiesTitle, runOpportunityBenchmarks } from './opportunities/run-opportunity-benchmarks'
import { reportsTitle, runReportBenchmarks } from './reports/run-report-benchmarks'
import { runSalesFloorSection, salesFloorTitle } from './sales-floor/run'
import { measureWebSize, printWebSize, webSizeTitle } from './web-size'
import { measureStandaloneCreates, standaloneCreatesTitle } from './standalone-creates'
import { contactSearchRebuildTitle, measureContactSearchRebuild } from './contact-search-rebuild'

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test'
const scale = Number(process.env.BENCH_SCALE ?? 1)
const seconds = (s: number) => Math.max(2, Math.round(s * scale))

const machine = await machineFacts(databaseUrl)
console.log(`bench: ${machine.cores} cores, load ${machine.loadBefore}, ${machine.postgres}`)
const durations: Record<string, number> = {}
async function section<T>(name: string, work: () => Promise<T>): Promise<T> {
  console.log(`bench: ${name}…`)
  const t = performance.now()
  const result = await work()
  durations[name] = performance.now() - t
  return result
}

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results.md')
const contactListsTitle = 'Contact lists, search, import and export at 1,000,000 contacts'
const contactRecordTitle = "A contact page's own calls: old CRM data, task notes, support tables"
const logisticsTitle = 'Logistics lists and loads at 200,000 customers and 1,000,000 loads'
const creditApplicationsTitle = 'Credit application review lists at 300,000 applications'

/**
 * The parts of results.md after the first, each its own `## title` section measured by `run`. A section that
 * writes itself (its table has other columns) returns nothing.
 */
const sections: { name: string; title: string; setup?: string; run: () => Promise<BenchRow[] | void> }[] = [
  // From the web build alone: a missing build stops the run before minutes of load.
  {
    name: 'web-size',
    title: webSizeTitle,
    run: async () => {
      const rows = measureWebSize()
      printWebSize(rows)
      return rows
    },
  },
  { name: 'lighthouse', title: lighthouseTitle, run: async () => lighthouseRows(await measureLighthouse()) },
  { name: 'contacts-interactive', title: contactsInteractiveTitle, run: () => measureContactsInteractive() },
  {
    name: 'standalone-creates',
    title: standaloneCreatesTitle,
    run: () => measureStandaloneCreates(databaseUrl, seconds(30)),
  },
  { name: 'contact-lists', title: contactListsTitle, run: () => runContactListBenchmarks(databaseUrl) },
  { name: 'contact-record', title: contactRecordTitle, run: () => runContactRecordBenchmarks(databaseUrl) },
  { name: 'logistics', title: logisticsTitle, run: () => runLogisticsBenchmarks(databaseUrl) },
  { name: 'calls', title: callsBenchTitle, run: () => runCallsBenchmarks(databaseUrl) },
  { name: 'opportunities', title: opportunitiesTitle, run: () => runOpportunityBenchmarks(databaseUrl) },
  { name: 'reports', title: reportsTitle, run: () => runReportBenchmarks(databaseUrl) },
  {
    name: 'credit-applications',
    title: creditApplicationsTitle,
    run: () => runCreditApplicationBenchmarks(databaseUrl),
  },
  { name: 'analysts', title: analystsTitle, run: () => runAnalystsBenchmarks(databaseUrl, scale) },
  { name: 'email', title: emailBenchTitle, setup: emailBenchSetup, run: () => runEmailBenchmarks(databaseUrl) },
  {
    name: 'census-import',
    title: censusImportTitle,
    run: async () => void (await runCensusImportSection(databaseUrl, scale)),
  },
  {
    name: 'contact-search-rebuild',
    title: contactSearchRebuildTitle,
    run: () => measureContactSearchRebuild(databaseUrl, Math.round(1_000_000 * scale)),
  },
  // Issue "Run it for real", part 4: people at work for SALES_FLOOR_MINUTES (10) in both topologies.
  {
    name: 'sales-floor',
    title: salesFloorTitle,
    run: async () => void (await runSalesFloorSection(databaseUrl, file)),
  },
]

/** Measures one section and replaces its part of results.md, saying when and under what load. */
async function runSection(entry: (typeof sections)[number], alone: boolean): Promise<void> {
  const before = loadAverage()
  const rows = await section(entry.name, entry.run)
  if (!rows) return
  const how = alone ? `Measured on its own (BENCH_ONLY=${entry.name})` : 'Measured in the whole run'
  const when = `${how} on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average before / after ${before} / ${loadAverage()}.${entry.setup ? ` ${entry.setup}` : ''}`
  const body = renderBenchRows(entry.title, rows).replace('\n\n', `\n\n${when}\n\n`)
  writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), entry.title, body))
  console.log(body)
}

if (process.env.BENCH_ONLY) {
  const entry = sections.find((s) => s.name === process.env.BENCH_ONLY)
  if (!entry)
    throw new Error(
      `BENCH_ONLY: no section ${process.env.BENCH_ONLY}; one of ${sections.map((s) => s.name).join(', ')}`,
    )
  await runSection(entry, true)
  process.exit(0)
}
const skipped = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean))
for (const entry of sections.filter((s) => s.name === 'web-size' || s.name === 'lighthouse')) {
  if (!skipped.has(entry.name)) await runSection(entry, false)
}

// Separate schemas: the catch-up's million events must not slow the HTTP section's reads and indexes.
const schemas = {
  appends: await createBenchSchema(databaseUrl),
  catchUp: await createBenchSchema(databaseUrl),
  http: await createBenchSchema(databaseUrl),
}
try {
  // Baseline and appends back to back (20 s each) so that their ratio sees the same load.
  const baselineTps = await section('baseline', () => pgbenchInsertTps(databaseUrl, schemas.appends, seconds(20)))
  const appends = await section('appends', () => eventStoreAppendsPerSecond(schemas.appends.url, 8, seconds(20)))
  await schemas.appends.drop()

  const catchUp = await section('catch-up', () => projectorCatchUp(schemas.catchUp.url, Math.round(1_000_000 * scale)))
  await schemas.catchUp.drop()

  const httpBaselineTps = await section('baseline again', () =>
    pgbenchInsertTps(databaseUrl, schemas.http, seconds(20)),
  )
  const services = await section('services start', () => startServices(schemas.http.url))
  let http,
    visibility,
    httpCpu: Record<string, number> = {},
    backlogMs = 0
  try {
    const cpuBefore = sampleCpu(services.pids)
    http = await section('http', () => httpCreateContacts(services, 16, seconds(30)))
    httpCpu = coresUsed(cpuBefore, sampleCpu(services.pids), durations.http! / 1000)
    backlogMs = await section('backlog drain', () => drainBacklog(services))
    visibility = await section('visibility', () => measureVisibility(services, 4, seconds(20)))
  } finally {
    await services.stop()
  }

  const figures: BenchFigures = {
    baselineTps,
    httpBaselineTps,
    appendsPerSecond: appends.perSecond,
    catchUp,
    http: {
      backlogMs,
      perSecond: http.perSecond,
      errors: http.errors,
      latency: summarize(http.latenciesMs),
      connections: 16,
      seconds: http.seconds,
      cpu: httpCpu,
    },
    visibility: {
      visible: summarize(visibility.visibleAfterMs),
      poll: summarize(visibility.pollMs),
      minPositionGet: summarize(visibility.minPositionGetMs),
      plainGet: summarize(visibility.plainGetMs),
      stale: visibility.stale,
    },
    durations,
  }
  // The first part of results.md is written anew; the sections after it keep their text until measured again.
  const current = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const kept = sections.map((s) => sectionOf(current, s.title)).filter(Boolean)
  const markdown = [renderReport({ ...machine, loadAfter: loadAverage() }, figures), ...kept].join('\n')
  writeFileSync(file, markdown)
  console.table(
    resultRows(figures).map(([measure, value, vsBaseline, target, result]) => ({
      measure,
      value,
      vsBaseline,
      target,
      result,
    })),
  )
  console.log(`bench: written to ${file}`)
  for (const entry of sections.filter((s) => s.name !== 'web-size' && s.name !== 'lighthouse')) {
    if (!skipped.has(entry.name)) await runSection(entry, false)
  }
} finally {
  await Promise.all(Object.values(schemas).map((s) => s.drop().catch(() => undefined)))
}
