/**
 * BENCH_ONLY=analysts npm run bench: time travel on a contact with 10,000 events and the backfill rate of the
 * Lead-to-Account report over a million events, on real PostgreSQL (schemas of their own, dropped after);
 * written as their own section of bench/results.md. BENCH_SCALE scales the million.
 */
import type { BenchRow } from '../contact-lists/bench-row'
import { backfillRows, timeTravelRows } from './run-analysts-benchmarks'

export const analystsTitle = 'For analysts: time travel and a report backfilled by replay'

export async function runAnalystsBenchmarks(databaseUrl: string, scale: number): Promise<BenchRow[]> {
  const timeTravel = await timeTravelRows(databaseUrl, 10_000, 100)
  const backfill = await backfillRows(databaseUrl, Math.round((1_000_000 / 3) * scale))
  return [...timeTravel, ...backfill]
}
