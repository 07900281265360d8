import { percentile } from '../stats'

/** One line of the benchmark report (bench/run.ts collects these from every section). */
export interface BenchRow {
  name: string
  value: number
  unit: string
  target?: string
  pass?: boolean
  baseline?: number
  note?: string
}

/** p50 and p95 of API round trips against the same SQL run in psql, with the p95 target (ms) and their ratio. */
export function latencyRows(name: string, times: number[], baseline: number[], targetMs: number): BenchRow[] {
  const p95 = percentile(times, 95)
  const base95 = percentile(baseline, 95)
  return [
    {
      name: `${name}: p50`,
      value: percentile(times, 50),
      unit: 'ms',
      baseline: percentile(baseline, 50),
      note: `psql p50 ${percentile(baseline, 50).toFixed(1)} ms`,
    },
    {
      name: `${name}: p95`,
      value: p95,
      unit: 'ms',
      target: `< ${targetMs} ms`,
      pass: p95 < targetMs,
      baseline: base95,
    },
    {
      name: `${name}: p95 ratio to psql`,
      value: p95 / base95,
      unit: 'x',
      note: 'API (HTTP, auth, JSON) ÷ the same SQL in psql',
    },
  ]
}
