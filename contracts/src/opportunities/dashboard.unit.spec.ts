import { describe, expect, it } from 'vitest'
import { ALL_SALESPEOPLE, checkDashboardFilter, dashboardMessages, periodStart, trendPeriods } from './dashboard'

const rep = '6f1c7e0a-3b51-4c0e-9a57-1d2f3e4a5b6c'
const valid = { divisionId: '15', userId: rep, dateFrom: '2026-01-01', dateTo: '2026-03-31' }

describe('the opportunity dashboard filter (docs/product.md 5)', () => {
  it('given a division, a salesperson and a range, when checked, then it is the filter', () => {
    expect(checkDashboardFilter(valid)).toEqual({
      filter: { divisionId: 15, userId: rep, dateFrom: '2026-01-01', dateTo: '2026-03-31' },
    })
    expect(checkDashboardFilter({ ...valid, userId: ALL_SALESPEOPLE }).filter?.userId).toBe('all')
    // One day is a range.
    expect(checkDashboardFilter({ ...valid, dateTo: '2026-01-01' }).errors).toBeUndefined()
  })

  it("given no division, or one that is no id, then 'Division must be selected'", () => {
    for (const divisionId of [undefined, '', '0', 'x', '-3', '1.5']) {
      expect(checkDashboardFilter({ ...valid, divisionId }).errors).toEqual({
        divisionId: dashboardMessages.divisionRequired,
      })
    }
    expect(dashboardMessages.divisionRequired).toBe('Division must be selected')
  })

  it("given no salesperson, or one that is no user id, then 'Salesperson must be selected'", () => {
    for (const userId of [undefined, '', 'me', 'ALL ']) {
      expect(checkDashboardFilter({ ...valid, userId }).errors).toEqual({
        userId: dashboardMessages.salespersonRequired,
      })
    }
    expect(dashboardMessages.salespersonRequired).toBe('Salesperson must be selected')
  })

  it("given a start after the end, a missing or impossible day, then 'Invalid Date Range'", () => {
    const ranges = [
      { dateFrom: '2026-04-01', dateTo: '2026-03-31' },
      { dateFrom: undefined, dateTo: '2026-03-31' },
      { dateFrom: '2026-01-01', dateTo: '' },
      { dateFrom: '2026-02-30', dateTo: '2026-03-31' },
      { dateFrom: '1899-12-31', dateTo: '2026-03-31' },
      { dateFrom: '2026-01-01', dateTo: '03/31/2026' },
    ]
    for (const range of ranges) {
      expect(checkDashboardFilter({ ...valid, ...range }).errors, JSON.stringify(range)).toEqual({
        dateFrom: dashboardMessages.invalidDateRange,
      })
    }
    expect(dashboardMessages.invalidDateRange).toBe('Invalid Date Range')
  })

  it('given everything wrong, then every message, each under its field', () => {
    expect(checkDashboardFilter({})).toEqual({
      errors: {
        divisionId: 'Division must be selected',
        userId: 'Salesperson must be selected',
        dateFrom: 'Invalid Date Range',
      },
    })
  })
})

describe('the trend periods', () => {
  it('weeks start on Monday, months on the 1st, years on 1 January', () => {
    expect(periodStart('2026-03-08', 'week')).toBe('2026-03-02') // a Sunday
    expect(periodStart('2026-03-09', 'week')).toBe('2026-03-09') // a Monday
    expect(periodStart('2026-03-31', 'month')).toBe('2026-03-01')
    expect(periodStart('2026-03-31', 'year')).toBe('2026-01-01')
  })

  it('up to 13 weeks by week, up to three years by month, then by year; every period listed', () => {
    expect(trendPeriods('2026-03-04', '2026-03-17')).toEqual({
      unit: 'week',
      periods: ['2026-03-02', '2026-03-09', '2026-03-16'],
    })
    const quarter = trendPeriods('2026-01-01', '2026-04-01')
    expect(quarter.unit).toBe('week')
    expect(quarter.periods).toHaveLength(14)
    expect(trendPeriods('2026-01-15', '2026-12-31')).toMatchObject({ unit: 'month' })
    expect(trendPeriods('2026-01-15', '2026-12-31').periods).toHaveLength(12)
    expect(trendPeriods('2020-06-01', '2026-01-01')).toEqual({
      unit: 'year',
      periods: ['2020-01-01', '2021-01-01', '2022-01-01', '2023-01-01', '2024-01-01', '2025-01-01', '2026-01-01'],
    })
  })
})
