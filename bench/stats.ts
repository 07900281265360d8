/** Pure helpers shared by the sections and the report: no I/O, unit-tested in stats.unit.spec.ts. */

/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

export interface LatencySummary {
  count: number
  p50: number
  p99: number
  max: number
}

export function summarize(samples: readonly number[]): LatencySummary {
  return {
    count: samples.length,
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    max: samples.length ? samples.reduce((a, b) => Math.max(a, b), -Infinity) : Number.NaN,
  }
}

/** value / baseline; NaN when the baseline is missing, so a failed baseline never reads as a pass. */
export function ratio(value: number, baseline: number): number {
  return baseline > 0 && Number.isFinite(baseline) ? value / baseline : Number.NaN
}

export type Target = { kind: 'atLeast'; value: number } | { kind: 'below'; value: number }

export function verdict(value: number, target: Target): 'PASS' | 'MISS' {
  if (!Number.isFinite(value)) return 'MISS'
  return (target.kind === 'atLeast' ? value >= target.value : value < target.value) ? 'PASS' : 'MISS'
}

/** Fixed decimals for small numbers, thousands separators for big ones: tables stay readable. */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return 'n/a'
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })
}
