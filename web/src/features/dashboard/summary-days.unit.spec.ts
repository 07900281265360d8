import { describe, expect, it } from 'vitest'
import { bucketParts, summaryDays } from './summary-days'

describe('tasks summary', () => {
  it('asks for the local today, tomorrow and the seven days starting today, across a year end', () => {
    expect(summaryDays(new Date(2026, 11, 31, 23, 30))).toEqual({
      today: '2026-12-31',
      tomorrow: '2027-01-01',
      sevenDays: '2026-12-31',
    })
  })

  it('splits a bucket into completed, open on schedule and past due (past due ones are open)', () => {
    expect(bucketParts({ total: 9, open: 6, completed: 3, pastDue: 2, contactClosed: 0 })).toEqual({
      completed: 3,
      onSchedule: 4,
      pastDue: 2,
      contactClosed: 0,
    })
  })

  it('does not count tasks of contacts that left the pipeline as on schedule', () => {
    expect(bucketParts({ total: 9, open: 6, completed: 3, pastDue: 2, contactClosed: 3 })).toEqual({
      completed: 3,
      onSchedule: 1,
      pastDue: 2,
      contactClosed: 3,
    })
  })
})
