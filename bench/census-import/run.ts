/**
 * `npm run bench:census-import`: the census-scale lead import alone, on real PostgreSQL (DATABASE_URL, in a
 * schema of its own) and on PGlite, side by side; its section of bench/results.md is replaced with the figures.
 * CENSUS_ROWS (default 1,000,000) and CENSUS_PGLITE_ROWS (default 200,000) size the files.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createBenchSchema } from '../bench-schema'
import { censusImportBench, renderCensusImport, type CensusImportFigures } from './census-import-bench'

const resultsPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../results.md')
export const censusImportTitle = 'Lead import at census scale (issue 22)'
const HEADING = `## ${censusImportTitle}`

/** Runs both engines and writes their section into results.md (replacing an earlier one). */
export async function runCensusImportSection(databaseUrl: string, scale = 1): Promise<CensusImportFigures[]> {
  const rows = Math.round(Number(process.env.CENSUS_ROWS ?? 1_000_000) * scale)
  const pgliteRows = Math.round(Number(process.env.CENSUS_PGLITE_ROWS ?? 200_000) * scale)
  const schema = await createBenchSchema(databaseUrl)
  const results: CensusImportFigures[] = []
  try {
    console.log(`bench: census import, ${rows} rows on PostgreSQL…`)
    results.push(await censusImportBench(schema.url, rows))
  } finally {
    await schema.drop()
  }
  console.log(`bench: census import, ${pgliteRows} rows on PGlite…`)
  results.push(await censusImportBench(undefined, pgliteRows))
  const section = renderCensusImport(results)
  const current = readFileSync(resultsPath, 'utf8')
  const at = current.indexOf(HEADING)
  const next = at < 0 ? -1 : current.indexOf('\n## ', at + HEADING.length)
  const updated =
    at < 0
      ? `${current.trimEnd()}\n\n${section}`
      : `${current.slice(0, at)}${section}${next < 0 ? '' : current.slice(next)}`
  writeFileSync(resultsPath, updated)
  console.log(section)
  return results
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runCensusImportSection(process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test')
}
