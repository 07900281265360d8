import type { BenchRow } from './bench-row'
import { createBenchStack } from './bench-stack'
import { generateContactSearch } from './generate-contact-search'
import { measureExport, measureImport } from './import-and-export'
import { listCase, measureListLatency, searchCase } from './list-latency'
import { measureQuickSearchLatency, quickSearchCases } from './quick-search-latency'

export type { BenchRow } from './bench-row'

/**
 * Contact lists at a million contacts (issue 5), on real PostgreSQL in a schema of its own. contact_search
 * is generated directly by SQL (see generate-contact-search.ts); the import goes through upload, job,
 * events and projector. CONTACT_BENCH_ROWS / CONTACT_BENCH_IMPORT_ROWS shrink it for a smoke run.
 */
export async function runContactListBenchmarks(databaseUrl: string): Promise<BenchRow[]> {
  const contacts = Number(process.env.CONTACT_BENCH_ROWS ?? 1_000_000)
  const importRows = Number(process.env.CONTACT_BENCH_IMPORT_ROWS ?? 100_000)
  const rounds = Number(process.env.CONTACT_BENCH_ROUNDS ?? 200)
  const stack = await createBenchStack(databaseUrl)
  try {
    const t = performance.now()
    await generateContactSearch(stack.database.db, contacts)
    const rows: BenchRow[] = [
      {
        name: `Generate contact_search (${contacts.toLocaleString('en-US')} contacts, by SQL)`,
        value: (performance.now() - t) / 1000,
        unit: 's',
      },
    ]
    rows.push(...(await measureListLatency(stack, databaseUrl, listCase, rounds)))
    rows.push(...(await measureListLatency(stack, databaseUrl, searchCase, rounds)))
    for (const c of quickSearchCases) rows.push(...(await measureQuickSearchLatency(stack, databaseUrl, c, rounds)))
    rows.push(...(await measureExport(stack)))
    rows.push(...(await measureImport(stack, importRows)))
    return rows
  } finally {
    await stack.close()
  }
}

// `npx tsx bench/contact-lists/run-contact-list-benchmarks.ts` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runContactListBenchmarks(process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test')
  console.table(rows.map((r) => ({ ...r, value: Number(r.value.toFixed(2)), baseline: r.baseline?.toFixed(2) })))
  process.exit(0)
}
