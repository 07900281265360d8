import { describe, expect, it } from 'vitest'
import { renderReport, resultRows, type BenchFigures } from './report'
import { formatNumber, percentile, ratio, summarize, verdict } from './stats'

describe('bench statistics', () => {
  it('takes nearest-rank percentiles of unsorted samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i) // 100..1
    expect(percentile(samples, 50)).toBe(50)
    expect(percentile(samples, 99)).toBe(99)
    expect(percentile(samples, 100)).toBe(100)
    expect(percentile([7], 99)).toBe(7)
    expect(percentile([], 50)).toBeNaN()
    expect(summarize([3, 1, 2])).toEqual({ count: 3, p50: 2, p99: 3, max: 3 })
  })

  it('never turns a missing baseline into a pass', () => {
    expect(ratio(5_000, 10_000)).toBe(0.5)
    expect(ratio(5_000, 0)).toBeNaN()
    expect(verdict(ratio(5_000, 0), { kind: 'atLeast', value: 0.5 })).toBe('MISS')
    expect(verdict(0.5, { kind: 'atLeast', value: 0.5 })).toBe('PASS')
    expect(verdict(100, { kind: 'below', value: 100 })).toBe('MISS')
    expect(verdict(99.9, { kind: 'below', value: 100 })).toBe('PASS')
  })

  it('formats numbers for the table', () => {
    expect(formatNumber(12_345.6)).toBe('12,346')
    expect(formatNumber(0.256, 2)).toBe('0.26')
    expect(formatNumber(Number.NaN)).toBe('n/a')
  })
})

describe('bench report', () => {
  const latency = (p50: number, p99: number) => ({ count: 100, p50, p99, max: p99 })
  const figures: BenchFigures = {
    baselineTps: 10_000,
    httpBaselineTps: 12_500,
    appendsPerSecond: 6_000,
    catchUp: {
      events: 1_000_000,
      perSecond: 9_000,
      generateMs: 30_000,
      catchUpMs: 111_111,
      projections: ['contacts_list'],
    },
    http: {
      backlogMs: 500,
      perSecond: 2_500,
      errors: 0,
      latency: latency(6, 120),
      connections: 16,
      seconds: 30,
      cpu: { 'command-api': 0.5, postgres: 0.9, loader: 0.11 },
    },
    visibility: {
      visible: latency(8, 40),
      poll: latency(1, 3),
      minPositionGet: latency(10, 30),
      plainGet: latency(1, 4),
      stale: 0,
    },
    durations: { baseline: 20_000 },
  }

  it('gives every target its ratio to the baseline and a verdict', () => {
    const rows = resultRows(figures)
    const row = (prefix: string) => rows.find((r) => r[0].startsWith(prefix))!
    expect(row('2.')).toEqual([
      '2. Event-store appends, 8 writers, 1 event each',
      '6,000 /s',
      '0.60×',
      '≥ 0.50×',
      'PASS',
    ])
    expect(row('3.').slice(1)).toEqual(['9,000 events/s', '–', '≥ 10,000 /s', 'MISS'])
    expect(row('3.')[0]).toContain('contacts_list only')
    // Against the baseline taken right before it, not the first one.
    expect(row('4. POST').slice(1)).toEqual(['2,500 req/s', '0.20×', '≥ 0.20×', 'PASS'])
    expect(row('1. … again').slice(1)).toEqual(['12,500 TPS', '1.25×', '–', '–'])
    expect(row('4. … latency p99').slice(1)).toEqual(['120.0 ms', '–', '< 100 ms', 'MISS'])
    expect(row('4. … CPU')[1]).toBe('command-api 0.50, postgres 0.90, loader 0.11; total 1.51')
  })

  it('writes the machine facts beside the table', () => {
    const markdown = renderReport(
      {
        date: '2026-01-01 10:00 UTC',
        cores: 2,
        cpuModel: 'x',
        memoryGb: 4,
        node: 'v20',
        postgres: 'PostgreSQL 15',
        loadBefore: '1',
        loadAfter: '2',
      },
      figures,
    )
    expect(markdown).toContain('| CPU | 2 cores, x |')
    expect(markdown).toContain(
      '| 2. Event-store appends, 8 writers, 1 event each | 6,000 /s | 0.60× | ≥ 0.50× | PASS |',
    )
  })
})
