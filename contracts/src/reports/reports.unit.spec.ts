import { describe, expect, it } from 'vitest'
import { expectationFor, formatCallTime, periodDays, productivityPercent, ratingOf } from './day-rating'
import { reportPeriod } from './sales-metrics'

describe('report periods 1-8 on the viewer calendar', () => {
  it('Sunday night in New York is still that week: last week (2) ends on the Sunday before', () => {
    // 2026-03-09T03:30Z is Sunday 8 March 23:30 at -240.
    const now = new Date('2026-03-09T03:30:00Z')
    expect(reportPeriod({ range: 1, utcOffset: -240 }, now)).toMatchObject({
      dateFrom: '2026-03-02',
      dateTo: '2026-03-08',
    })
    expect(reportPeriod({ range: 2, utcOffset: -240 }, now)).toMatchObject({
      dateFrom: '2026-02-23',
      dateTo: '2026-03-01',
      from: new Date('2026-02-23T04:00:00Z'),
      toExclusive: new Date('2026-03-02T04:00:00Z'),
    })
    // The same instant in UTC is Monday: a new week.
    expect(reportPeriod({ range: 1, utcOffset: 0 }, now)).toMatchObject({
      dateFrom: '2026-03-09',
      dateTo: '2026-03-15',
    })
  })

  it('just past midnight of 1 April in Berlin: this quarter is Q2, last quarter Q1; in UTC still Q1', () => {
    const now = new Date('2026-03-31T22:30:00Z')
    expect(reportPeriod({ range: 5, utcOffset: 120 }, now)).toMatchObject({
      dateFrom: '2026-04-01',
      dateTo: '2026-06-30',
    })
    expect(reportPeriod({ range: 6, utcOffset: 120 }, now)).toMatchObject({
      dateFrom: '2026-01-01',
      dateTo: '2026-03-31',
    })
    expect(reportPeriod({ range: 5, utcOffset: 0 }, now)).toMatchObject({
      dateFrom: '2026-01-01',
      dateTo: '2026-03-31',
    })
    expect(reportPeriod({ range: 8, utcOffset: 0 }, now)).toMatchObject({
      dateFrom: '2025-01-01',
      dateTo: '2025-12-31',
    })
  })

  it('custom days, or nothing when half missing, backwards or not a date', () => {
    const now = new Date()
    expect(reportPeriod({ dateFrom: '2026-01-01', dateTo: '2026-01-01', utcOffset: 60 }, now)).toMatchObject({
      from: new Date('2025-12-31T23:00:00Z'),
      toExclusive: new Date('2026-01-01T23:00:00Z'),
    })
    expect(reportPeriod({ dateFrom: '2026-01-01', utcOffset: 0 }, now)).toBeUndefined()
    expect(reportPeriod({ dateFrom: '2026-01-02', dateTo: '2026-01-01', utcOffset: 0 }, now)).toBeUndefined()
    expect(reportPeriod({ dateFrom: '2026-02-30', dateTo: '2026-03-01', utcOffset: 0 }, now)).toBeUndefined()
  })
})

describe('Day Rating arithmetic', () => {
  it('scales the daily target by 5 / 20 / 250 unless the period has its own', () => {
    expect(expectationFor({ day: 4 }, 'week')).toBe(20)
    expect(expectationFor({ day: 4 }, 'month')).toBe(80)
    expect(expectationFor({ day: 4 }, 'year')).toBe(1000)
    expect(expectationFor({ day: 4, week: 18 }, 'week')).toBe(18)
    expect(expectationFor({}, 'day')).toBe(0)
  })

  it('percent = actual / expected x 100 with two decimals; good from 100', () => {
    expect(productivityPercent(1, 3)).toBe(33.33)
    expect(productivityPercent(2, 3)).toBe(66.67)
    expect(productivityPercent(7, 4)).toBe(175)
    expect(productivityPercent(1, 0)).toBeNull()
    expect([ratingOf(100), ratingOf(99.99), ratingOf(null)]).toEqual(['good', 'short', 'none'])
  })

  it('call time as h:mm:ss, hours past 24', () => {
    expect(formatCallTime(0)).toBe('0:00:00')
    expect(formatCallTime(4355)).toBe('1:12:35')
    expect(formatCallTime(90_061)).toBe('25:01:01')
  })

  it('the week of a Sunday starts on the Monday before; months and years by the calendar', () => {
    expect(periodDays('week', '2026-03-08')).toEqual({ dateFrom: '2026-03-02', dateTo: '2026-03-08' })
    expect(periodDays('week', '2026-03-09')).toEqual({ dateFrom: '2026-03-09', dateTo: '2026-03-15' })
    expect(periodDays('month', '2028-02-10')).toEqual({ dateFrom: '2028-02-01', dateTo: '2028-02-29' })
    expect(periodDays('year', '2026-07-04')).toEqual({ dateFrom: '2026-01-01', dateTo: '2026-12-31' })
  })
})
