import { startServices } from '../services'
import type { BenchRow } from './bench-row'
import { createBenchStack } from './bench-stack'
import { generateContactSearch } from './generate-contact-search'
import { measureListsOverHttp } from './http-list-latency'
import { measureExport, measureImport } from './import-and-export'

export type { BenchRow } from './bench-row'

/**
 * Contact lists at a million contacts (issues 5 and 12), on real PostgreSQL in a schema of its own.
 * contact_search is generated directly by SQL (see generate-contact-search.ts); the lists are read through HTTP
 * from the query API process; the import goes through upload, job, events and projector.
 * CONTACT_BENCH_ROWS / CONTACT_BENCH_IMPORT_ROWS / CONTACT_BENCH_ROUNDS shrink it for a smoke run;
 * CONTACT_BENCH_PARTS=lists skips the import and export; CONTACT_BENCH_PARTS=import skips the lists.
 */
export async function runContactListBenchmarks(databaseUrl: string): Promise<BenchRow[]> {
  const contacts = Number(process.env.CONTACT_BENCH_ROWS ?? 1_000_000)
  const importRows = Number(process.env.CONTACT_BENCH_IMPORT_ROWS ?? 100_000)
  const rounds = Number(process.env.CONTACT_BENCH_ROUNDS ?? 200)
  const mixSeconds = Number(process.env.CONTACT_BENCH_MIX_SECONDS ?? 20)
  const listsOnly = process.env.CONTACT_BENCH_PARTS === 'lists'
  const importOnly = process.env.CONTACT_BENCH_PARTS === 'import'
  const stack = await createBenchStack(databaseUrl)
  try {
    const t = performance.now()
    await generateContactSearch(stack.database.db, contacts)
    const rows: BenchRow[] = [
      {
        name: `Generate contact_search (${contacts.toLocaleString('en-US')} contacts, by SQL, then vacuum analyze)`,
        value: (performance.now() - t) / 1000,
        unit: 's',
      },
    ]
    // The services' own projector takes over the schema while they run.
    await stack.stopProjector()
    if (!importOnly) {
      const services = await startServices(schemaUrl(databaseUrl, stack.schema))
      try {
        rows.push(...(await measureListsOverHttp(services, rounds, mixSeconds)))
      } finally {
        await services.stop()
      }
    }
    if (listsOnly) return rows
    await stack.startProjector()
    rows.push(...(await measureExport(stack)))
    rows.push(...(await measureImport(stack, importRows)))
    return rows
  } finally {
    await stack.close()
  }
}

/** DATABASE_URL with the schema as search_path, for the services' child processes. */
export function schemaUrl(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return url.toString()
}

// `npx tsx bench/contact-lists/run-contact-list-benchmarks.ts` runs this section alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await runContactListBenchmarks(process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test')
  console.table(rows.map((r) => ({ ...r, value: Number(r.value.toFixed(2)), baseline: r.baseline?.toFixed(2) })))
  process.exit(0)
}
