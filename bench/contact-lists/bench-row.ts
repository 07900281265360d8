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
