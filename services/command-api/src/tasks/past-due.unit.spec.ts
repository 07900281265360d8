import { describe, expect, it } from 'vitest'
import { displayStatus, pastDueAt } from './past-due'

const tz = 'America/Chicago'
const at = (iso: string) => new Date(iso)

describe('display status with taskPastDueTime 17', () => {
  const morning = at('2025-06-10T15:00:00Z') // due 10:00 CDT
  const evening = at('2025-06-10T23:30:00Z') // due 18:30 CDT
  const status = (dueDate: Date, now: string, completed: string | null = null) =>
    displayStatus({ dueDate, completedDate: completed ? at(completed) : null }, at(now), tz, 17)

  it('a task due in the morning is On Schedule until 17:00 local, then Past Due', () => {
    expect(pastDueAt(morning, tz, 17).toISOString()).toBe('2025-06-10T22:00:00.000Z')
    expect(status(morning, '2025-06-10T21:59:00Z')).toBe(0)
    expect(status(morning, '2025-06-10T22:01:00Z')).toBe(1)
  })
  it('a task due after that hour is Past Due from its own due time', () => {
    expect(pastDueAt(evening, tz, 17)).toEqual(evening)
    expect(status(evening, '2025-06-10T23:00:00Z')).toBe(0)
    expect(status(evening, '2025-06-10T23:31:00Z')).toBe(1)
  })
  it('completion on time is Completed, after the limit Completed but not on time', () => {
    expect(status(morning, '2025-06-12T00:00:00Z', '2025-06-10T21:00:00Z')).toBe(2)
    expect(status(morning, '2025-06-12T00:00:00Z', '2025-06-10T22:30:00Z')).toBe(3)
  })
  it('an earlier past-due hour of another division applies', () => {
    expect(displayStatus({ dueDate: morning, completedDate: null }, at('2025-06-10T20:30:00Z'), tz, 15)).toBe(1)
  })
})
