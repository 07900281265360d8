/** One line of the benchmark report (bench/run.ts collects these from every section). */
export interface BenchRow {
  name: string
  value: number
  unit: string
  target?: string
  pass?: boolean
  /** The figure this one is compared with (for a list's p95: reading one contact by id), same unit. */
  baseline?: number
  note?: string
}
