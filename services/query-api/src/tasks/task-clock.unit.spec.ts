import { describe, expect, it } from 'vitest'
import { displayStatus, pastDueAt, pastDueBefore, taskClock } from './task-clock'

const CHICAGO = 'America/Chicago'
const open = (dueDate: string) => ({ status: 0, dueDate: new Date(dueDate), late: false })

describe('display status on a fixed clock (Chicago, past due at 17:00)', () => {
  // 2024-06-12 is CDT (UTC-5): 10:00 local is 15:00Z.
  const morning = taskClock(new Date('2024-06-12T15:00:00Z'), CHICAGO)
  const evening = taskClock(new Date('2024-06-12T22:30:00Z'), CHICAGO) // 17:30 local

  it('keeps today’s tasks On Schedule until the division’s hour, whatever their own time', () => {
    expect(displayStatus(open('2024-06-12T14:00:00Z'), morning, 17)).toBe(0) // due 09:00, now 10:00
    expect(displayStatus(open('2024-06-12T22:00:00Z'), morning, 17)).toBe(0)
    expect(displayStatus(open('2024-06-12T14:00:00Z'), evening, 17)).toBe(1)
    expect(displayStatus(open('2024-06-12T22:00:00Z'), evening, 17)).toBe(1) // due 17:00, now 17:30
  })

  it('makes a task due after the hour past due only once its own time passed', () => {
    expect(displayStatus(open('2024-06-12T23:00:00Z'), evening, 17)).toBe(0) // due 18:00 local
    expect(displayStatus(open('2024-06-12T22:15:00Z'), evening, 17)).toBe(1) // due 17:15 local
  })

  it('treats earlier days as past due and later days as on schedule', () => {
    expect(displayStatus(open('2024-06-11T22:00:00Z'), morning, 17)).toBe(1)
    expect(displayStatus(open('2024-06-13T14:00:00Z'), evening, 17)).toBe(0)
  })

  it('uses the division’s own hour', () => {
    expect(displayStatus(open('2024-06-12T14:00:00Z'), evening, 20)).toBe(0)
    expect(displayStatus(open('2024-06-12T14:00:00Z'), morning, 8)).toBe(1)
  })

  it('reads the day in the caller’s zone: the same instant is another day in Kolkata', () => {
    // Due 05:00 in Chicago (15:30 in Kolkata); at 07:00 Chicago time it is 17:30 in Kolkata.
    const due = open('2024-06-12T10:00:00Z')
    const at = new Date('2024-06-12T12:00:00Z')
    expect(displayStatus(due, taskClock(at, CHICAGO), 17)).toBe(0)
    expect(displayStatus(due, taskClock(at, 'Asia/Kolkata'), 17)).toBe(1)
  })

  it('shows completed tasks as 2, or 3 when completed late', () => {
    expect(displayStatus({ status: 2, dueDate: new Date('2024-06-01T00:00:00Z'), late: false }, morning, 17)).toBe(2)
    expect(displayStatus({ status: 2, dueDate: new Date('2024-06-20T00:00:00Z'), late: true }, morning, 17)).toBe(3)
  })

  it('moves the past-due moment to the due day’s hour, or keeps the due time when that is later', () => {
    expect(pastDueAt(new Date('2024-06-12T14:00:00Z'), CHICAGO, 17).toISOString()).toBe('2024-06-12T22:00:00.000Z')
    expect(pastDueAt(new Date('2024-06-12T23:00:00Z'), CHICAGO, 17).toISOString()).toBe('2024-06-12T23:00:00.000Z')
  })
})

describe('due now', () => {
  it('runs to the end of the local day, or an hour ahead late in the evening', () => {
    expect(taskClock(new Date('2024-06-12T15:00:00Z'), CHICAGO).dueNowBefore.toISOString()).toBe(
      '2024-06-13T05:00:00.000Z',
    )
    // 23:30 local: the first half hour of tomorrow is due now too.
    expect(taskClock(new Date('2024-06-13T04:30:00Z'), CHICAGO).dueNowBefore.toISOString()).toBe(
      '2024-06-13T05:30:00.000Z',
    )
  })

  it('knows a 23-hour day when the clocks spring forward', () => {
    const clock = taskClock(new Date('2024-03-10T18:00:00Z'), CHICAGO)
    expect(clock.startOfToday.toISOString()).toBe('2024-03-10T06:00:00.000Z')
    expect(clock.startOfTomorrow.toISOString()).toBe('2024-03-11T05:00:00.000Z')
  })
})

describe('the due-date range used by the SQL filters', () => {
  const zones = ['America/Chicago', 'Asia/Kolkata', 'Pacific/Auckland', 'UTC']
  // Ordinary days and both DST changes of Chicago and Auckland, at several times of day.
  const nows = ['2024-06-12', '2024-03-10', '2024-11-03', '2024-04-07', '2024-09-29'].flatMap((day) =>
    [0.5, 6, 11.25, 16.99, 17.01, 22, 23.9].map((h) => new Date(Date.parse(`${day}T00:00:00Z`) + h * 3_600_000)),
  )

  it('agrees with the display status for every due time around now', () => {
    let checked = 0
    for (const timeZone of zones) {
      for (const now of nows) {
        const clock = taskClock(now, timeZone)
        for (const hour of [0, 8, 17, 23]) {
          const limit = pastDueBefore(clock, hour)
          for (let m = -3 * 24 * 60; m <= 3 * 24 * 60; m += 89) {
            const task = open(new Date(now.getTime() + m * 60_000).toISOString())
            expect(task.dueDate < limit, `${timeZone} ${now.toISOString()} h${hour} due ${m}m`).toBe(
              displayStatus(task, clock, hour) === 1,
            )
            checked++
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(40_000)
  })
})
