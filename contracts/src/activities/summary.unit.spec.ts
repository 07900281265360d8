import { describe, expect, it } from 'vitest'
import { rangeInstants, summaryRange, type ActivitySummaryId } from './summary'

// Wednesday 2025-05-14, 12:00 UTC (Q2).
const now = new Date('2025-05-14T12:00:00Z')

describe('activity summary ranges (weeks start Monday, docs/product.md 9)', () => {
  it.each<[ActivitySummaryId, string, string]>([
    [1, '2025-05-12', '2025-05-18'],
    [2, '2025-05-05', '2025-05-11'],
    [3, '2025-05-01', '2025-05-31'],
    [4, '2025-04-01', '2025-04-30'],
    [5, '2025-04-01', '2025-06-30'],
    [6, '2025-01-01', '2025-03-31'],
    [7, '2025-01-01', '2025-12-31'],
    [8, '2024-01-01', '2024-12-31'],
    [9, '2025-05-14', '2025-05-14'],
    [10, '2025-05-13', '2025-05-13'],
    [11, '2025-05-08', '2025-05-14'],
    [12, '2025-04-15', '2025-05-14'],
  ])('summary %i covers %s to %s', (id, dateFrom, dateTo) => {
    expect(summaryRange(id, now)).toEqual({ dateFrom, dateTo })
  })

  it('crosses year ends (last quarter in January, last month in January) and treats Sunday as week end', () => {
    const january = new Date('2026-01-04T10:00:00Z') // a Sunday
    expect(summaryRange(1, january)).toEqual({ dateFrom: '2025-12-29', dateTo: '2026-01-04' })
    expect(summaryRange(4, january)).toEqual({ dateFrom: '2025-12-01', dateTo: '2025-12-31' })
    expect(summaryRange(6, january)).toEqual({ dateFrom: '2025-10-01', dateTo: '2025-12-31' })
  })

  it("uses the user's calendar: 02:00 UTC on the 15th is still the 14th in Chicago", () => {
    const lateEvening = new Date('2025-05-15T02:00:00Z')
    expect(summaryRange(9, lateEvening)).toEqual({ dateFrom: '2025-05-15', dateTo: '2025-05-15' })
    expect(summaryRange(9, lateEvening, -300)).toEqual({ dateFrom: '2025-05-14', dateTo: '2025-05-14' })
  })
})

describe('picked date ranges', () => {
  it('covers whole local days', () => {
    expect(rangeInstants({ dateFrom: '2025-05-01', dateTo: '2025-05-02' }, -300)).toEqual({
      from: new Date('2025-05-01T05:00:00Z'),
      toExclusive: new Date('2025-05-03T05:00:00Z'),
    })
  })

  it.each([
    [{}],
    [{ dateFrom: '2025-05-01' }],
    [{ dateFrom: '2025-05-03', dateTo: '2025-05-01' }],
    [{ dateFrom: '2025-02-30', dateTo: '2025-03-01' }],
    [{ dateFrom: '05/01/2025', dateTo: '05/02/2025' }],
  ])('is missing or invalid for %j', (range) => {
    expect(rangeInstants(range)).toBeUndefined()
  })
})
