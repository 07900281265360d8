import { describe, expect, it } from 'vitest'
import { REMINDER_OPTIONS, reminderLabel, reminderTimeOf } from './reminders'

describe('task reminders', () => {
  it('offers none, 15/30/45 minutes, 1-12 hours, 1-4 days, 1-3 weeks and 1 month before (docs/product.md 3)', () => {
    expect(REMINDER_OPTIONS.map((o) => o.label)).toEqual([
      'None',
      '15 minutes before',
      '30 minutes before',
      '45 minutes before',
      '1 hour before',
      ...Array.from({ length: 11 }, (_, i) => `${i + 2} hours before`),
      '1 day before',
      '2 days before',
      '3 days before',
      '4 days before',
      '1 week before',
      '2 weeks before',
      '3 weeks before',
      '1 month before',
    ])
    expect(REMINDER_OPTIONS.find((o) => o.label === '12 hours before')?.minutes).toBe(720)
    expect(REMINDER_OPTIONS.find((o) => o.label === '3 weeks before')?.minutes).toBe(21 * 24 * 60)
  })

  it('reminds at the due date minus the chosen time', () => {
    const due = '2025-03-14T22:00:00.000Z'
    expect(reminderTimeOf(due, 15)?.toISOString()).toBe('2025-03-14T21:45:00.000Z')
    expect(reminderTimeOf(due, 2 * 60)?.toISOString()).toBe('2025-03-14T20:00:00.000Z')
    expect(reminderTimeOf(due, 4 * 24 * 60)?.toISOString()).toBe('2025-03-10T22:00:00.000Z')
    // A month is 30 days, across month ends too.
    expect(reminderTimeOf('2025-03-01T17:00:00Z', 30 * 24 * 60)?.toISOString()).toBe('2025-01-30T17:00:00.000Z')
    expect(reminderTimeOf(new Date(due), 0)?.toISOString()).toBe(due)
  })

  it('has no remind time without a reminder or a due date', () => {
    expect(reminderTimeOf('2025-03-14T22:00:00Z', null)).toBeNull()
    expect(reminderTimeOf('2025-03-14T22:00:00Z', undefined)).toBeNull()
    expect(reminderTimeOf(null, 15)).toBeNull()
    expect(reminderTimeOf('not a date', 15)).toBeNull()
  })

  it('labels stored reminders, also ones the list does not offer', () => {
    expect(reminderLabel(null)).toBe('None')
    expect(reminderLabel(60)).toBe('1 hour before')
    expect(reminderLabel(10)).toBe('10 minutes before')
  })
})
