import { describe, expect, it } from 'vitest'
import { failureSummary, successSummary, todayAtFive } from './assign-summary'

const names: Record<string, string> = { a: 'Alder Freight', b: 'Birch Lines', c: 'Cedar Haul' }
const nameOf = (id: string) => names[id] ?? id

describe('assign with task summaries', () => {
  it('says nothing when every contact got its task', () => {
    expect(failureSummary([], nameOf)).toBeNull()
  })

  it('names the contacts under each reason, once per reason', () => {
    const taken = 'This user already has task assigned for this contact!'
    expect(
      failureSummary(
        [
          { id: 'a', message: taken },
          { id: 'c', message: 'Contact not found' },
          { id: 'b', message: taken },
        ],
        nameOf,
      ),
    ).toBe(`${taken}: Alder Freight, Birch Lines · Contact not found: Cedar Haul`)
  })

  it('counts what was done', () => {
    expect(successSummary(1, 'Ann Lee')).toBe('Assigned 1 contact with a task to Ann Lee')
    expect(successSummary(3, undefined)).toBe('Assigned 3 contacts with a task')
  })

  it('defaults the due date to today at 17:00 local time', () => {
    expect(todayAtFive(new Date(2026, 0, 9, 8, 30))).toBe('2026-01-09T17:00')
  })
})
