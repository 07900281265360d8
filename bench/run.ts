/**
 * `npm run bench`: every benchmark of issue 2 in one run on real PostgreSQL (DATABASE_URL), written to
 * bench/results.md. One run, because the machines are shared and noisy: each ratio compares figures taken
 * minutes apart under the same load. About 5 minutes on 2 cores; BENCH_SCALE=0.2 for a quick smoke run.
 */
import { readFileSync, writeFileSync } from 'node:fs'
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
import { runCensusImportSection } from './census-import/run'
import { runContactListBenchmarks } from './contact-lists/run-contact-list-benchmarks'
import { renderBenchRows, replaceSection } from './contact-lists/render-rows'
import { lighthouseRows, lighthouseTitle, measureLighthouse } from './lighthouse'
import { measureWebSize, printWebSize } from './web-size'

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

// BENCH_ONLY=contact-lists: that section alone (about 10 minutes), replacing its part of bench/results.md.
if (process.env.BENCH_ONLY === 'contact-lists') {
  const rows = await section('contact lists', () => runContactListBenchmarks(databaseUrl))
  const when = `Measured on its own (BENCH_ONLY=contact-lists) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average before / after ${machine.loadBefore} / ${loadAverage()}.`
  const body = renderBenchRows(contactListsTitle, rows).replace('\n\n', `\n\n${when}\n\n`)
  writeFileSync(file, replaceSection(readFileSync(file, 'utf8'), contactListsTitle, body))
  console.log(`bench: contact lists written to ${file}`)
  process.exit(0)
}

// From the web build alone, first: a missing build stops the run before minutes of load.
const webSize = await section('web size', async () => measureWebSize())
printWebSize(webSize)
// Lighthouse's mobile preset on the standalone process (its own PGlite data folder): before the load sections.
const lighthouse = lighthouseRows(await section('lighthouse', () => measureLighthouse()))

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
  // Issue 5: lists and search at a million contacts, import and export (their own schema, dropped after).
  const contactLists = await section('contact lists', () => runContactListBenchmarks(databaseUrl))
  const markdown =
    renderReport({ ...machine, loadAfter: loadAverage() }, figures) +
    '\n' +
    renderBenchRows(contactListsTitle, contactLists) +
    '\n' +
    renderBenchRows('Web app: JavaScript before a screen is interactive (web/dist)', webSize) +
    '\n' +
    renderBenchRows(lighthouseTitle, lighthouse)
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
  // Issue 22: the census-scale lead import, its own section of results.md (BENCH_CENSUS_IMPORT=0 skips it).
  if (process.env.BENCH_CENSUS_IMPORT !== '0')
    await section('census import', () => runCensusImportSection(databaseUrl, scale))
} finally {
  await Promise.all(Object.values(schemas).map((s) => s.drop().catch(() => undefined)))
}
