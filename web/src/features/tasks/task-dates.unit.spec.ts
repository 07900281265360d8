import { TaskNextStep } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { fromLocalInputValue, toLocalInputValue } from '../../lib/local-date-time'
import { defaultDueDate, defaultPickedFollowUp, followUpPreview } from './task-dates'

const config = { startAFollowUp: 3, noAnswerCall: 45 }
// Mid-morning, local time: the helpers work in the viewer's own clock.
const now = new Date(2026, 10, 21, 9, 30)

describe('task due dates', () => {
  it('a new task is due today at 17:00 local', () => {
    expect(toLocalInputValue(defaultDueDate(now))).toBe('2026-11-21T17:00')
    // Even late in the evening the default stays today's 17:00 (it may already be past).
    expect(toLocalInputValue(defaultDueDate(new Date(2026, 10, 21, 23, 59)))).toBe('2026-11-21T17:00')
  })

  it("the picked-date step's picker starts 7 days out at 17:00, across a month end", () => {
    expect(toLocalInputValue(defaultPickedFollowUp(new Date(2026, 10, 28, 8)))).toBe('2026-12-05T17:00')
  })

  it('reads back what the datetime input holds and refuses impossible dates', () => {
    expect(fromLocalInputValue('2026-03-08T02:30')?.getDate()).toBe(8)
    expect(fromLocalInputValue('2026-02-31T17:00')).toBeNull()
    expect(fromLocalInputValue('')).toBeNull()
    expect(toLocalInputValue(fromLocalInputValue('2027-01-02T08:05')!)).toBe('2027-01-02T08:05')
  })
})

describe('follow-up preview per next step', () => {
  const preview = (step: number, picked: Date | null = null) => {
    const at = followUpPreview(step, now, config, picked)
    return at && toLocalInputValue(at)
  }

  it('follows the rules of docs/product.md 4', () => {
    expect(preview(TaskNextStep.None)).toBeNull()
    expect(preview(TaskNextStep.NoAnswer)).toBe('2026-11-21T10:15')
    expect(preview(TaskNextStep.FollowUp)).toBe('2026-11-24T17:00')
    expect(preview(TaskNextStep.Tomorrow)).toBe('2026-11-22T17:00')
    expect(preview(TaskNextStep.InSevenDays)).toBe('2026-11-28T17:00')
    expect(preview(TaskNextStep.QuickFollowUp)).toBe('2026-11-21T11:30')
  })

  it('the picked-date step shows the picked date, or nothing before one is picked', () => {
    expect(preview(TaskNextStep.PickedDate)).toBeNull()
    expect(preview(TaskNextStep.PickedDate, new Date(2026, 11, 1, 17))).toBe('2026-12-01T17:00')
  })
})
