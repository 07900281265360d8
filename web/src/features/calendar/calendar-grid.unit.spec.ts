import { describe, expect, it } from 'vitest'
import {
  dayKey,
  groupByDay,
  layoutColumns,
  monthGrid,
  parseDayKey,
  rangeTitle,
  shiftAnchor,
  spanInDay,
  visibleRange,
} from './calendar-grid'

const d = (y: number, m: number, day: number, h = 0, min = 0) => new Date(y, m - 1, day, h, min)

describe('month grid', () => {
  it('November 2026 starts on the Monday before the 1st and ends on the Sunday after the 30th', () => {
    const weeks = monthGrid(d(2026, 11, 21))
    expect(weeks).toHaveLength(6)
    expect(dayKey(weeks[0]![0]!)).toBe('2026-10-26')
    expect(dayKey(weeks.at(-1)!.at(-1)!)).toBe('2026-12-06')
    expect(weeks.every((w) => w.length === 7 && w[0]!.getDay() === 1)).toBe(true)
  })

  it('a month that starts on a Monday has no leading days (February 2027: 4 rows)', () => {
    const weeks = monthGrid(d(2027, 2, 10))
    expect(weeks).toHaveLength(4)
    expect(dayKey(weeks[0]![0]!)).toBe('2027-02-01')
  })
})

describe('ranges and navigation', () => {
  it('asks for exactly the shown days, as a half-open range', () => {
    const week = visibleRange('week', d(2026, 11, 21))
    expect([dayKey(week.from), dayKey(week.to)]).toEqual(['2026-11-16', '2026-11-23'])
    const day = visibleRange('day', d(2026, 11, 21, 15))
    expect([dayKey(day.from), dayKey(day.to)]).toEqual(['2026-11-21', '2026-11-22'])
  })

  it('steps by month from the 1st, so January 31 goes to February', () => {
    expect(dayKey(shiftAnchor('month', d(2027, 1, 31), 1))).toBe('2027-02-01')
    expect(dayKey(shiftAnchor('week', d(2026, 12, 29), 1))).toBe('2027-01-05')
    expect(dayKey(shiftAnchor('day', d(2026, 3, 1), -1))).toBe('2026-02-28')
  })

  it('titles each view', () => {
    expect(rangeTitle('month', d(2026, 11, 21))).toBe('November 2026')
    expect(rangeTitle('week', d(2026, 11, 21))).toBe('Nov 16 – Nov 22, 2026')
    expect(rangeTitle('day', d(2026, 11, 21))).toBe('Saturday, November 21, 2026')
  })

  it('reads only real days from the URL', () => {
    expect(parseDayKey('2026-11-21')?.getDate()).toBe(21)
    expect(parseDayKey('2026-02-30')).toBeNull()
    expect(parseDayKey('tomorrow')).toBeNull()
  })
})

describe('time grid placement', () => {
  it('places a meeting by its start and length in minutes from midnight', () => {
    expect(spanInDay(d(2026, 11, 21, 9, 30), d(2026, 11, 21, 11), d(2026, 11, 21))).toEqual({ top: 570, height: 90 })
  })

  it('gives a task at its due time a minimum height and keeps it inside the day', () => {
    expect(spanInDay(d(2026, 11, 21, 17), d(2026, 11, 21, 17), d(2026, 11, 21))).toEqual({ top: 1020, height: 30 })
    expect(spanInDay(d(2026, 11, 21, 23, 50), d(2026, 11, 21, 23, 50), d(2026, 11, 21))).toEqual({
      top: 1410,
      height: 30,
    })
  })

  it('clips a meeting spanning midnight to each day and skips days it does not touch', () => {
    const start = d(2026, 11, 21, 22)
    const end = d(2026, 11, 22, 1)
    expect(spanInDay(start, end, d(2026, 11, 21))).toEqual({ top: 1320, height: 120 })
    expect(spanInDay(start, end, d(2026, 11, 22))).toEqual({ top: 0, height: 60 })
    expect(spanInDay(start, end, d(2026, 11, 23))).toBeNull()
    expect(spanInDay(d(2026, 11, 20, 22), d(2026, 11, 21), d(2026, 11, 21))).toBeNull()
  })

  it('puts overlapping spans side by side and lone spans full width', () => {
    const placed = layoutColumns([
      { id: 'a', top: 540, height: 60 },
      { id: 'b', top: 570, height: 60 },
      { id: 'c', top: 600, height: 30 },
      { id: 'd', top: 800, height: 30 },
    ])
    const by = Object.fromEntries(placed.map((p) => [p.id, [p.column, p.columns]]))
    expect(by).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2], d: [0, 1] })
  })
})

describe('grouping by day', () => {
  it('keys items by their local day', () => {
    const grouped = groupByDay([d(2026, 11, 21, 8), d(2026, 11, 21, 17), d(2026, 11, 22, 9)], (x) => x)
    expect([...grouped.keys()]).toEqual(['2026-11-21', '2026-11-22'])
    expect(grouped.get('2026-11-21')).toHaveLength(2)
  })
})
