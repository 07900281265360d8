import { TaskNextStep, taskMessages } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { defaultDueDate, defaultPickedFollowUp, followUpDue } from './next-step'
import { fromLocal } from '@crm/platform'

const tz = 'America/Chicago'
const config = { startAFollowUp: 2, noAnswerCall: 60 }
const at = (iso: string) => new Date(iso)
const due = (nextStep: number, now: string, extra: { followUpDate?: string | null; timeZone?: string } = {}) =>
  followUpDue({
    now: at(now),
    timeZone: extra.timeZone ?? tz,
    config,
    nextStep,
    followUpDate: extra.followUpDate,
  })?.toISOString() ?? null

describe('next step → follow-up due date (America/Chicago)', () => {
  const noon = '2025-06-10T17:00:00.000Z' // 12:00 CDT

  it('None creates no follow-up task', () => {
    expect(due(TaskNextStep.None, noon)).toBeNull()
  })
  it('No Answer is due noAnswerCall minutes from now', () => {
    expect(due(TaskNextStep.NoAnswer, noon)).toBe('2025-06-10T18:00:00.000Z')
  })
  it('Follow up is startAFollowUp days out at 17:00 local', () => {
    expect(due(TaskNextStep.FollowUp, noon)).toBe('2025-06-12T22:00:00.000Z')
  })
  it('tomorrow and in 7 days are at 17:00 local', () => {
    expect(due(TaskNextStep.Tomorrow, noon)).toBe('2025-06-11T22:00:00.000Z')
    expect(due(TaskNextStep.InSevenDays, noon)).toBe('2025-06-17T22:00:00.000Z')
  })
  it('the further step takes the picked date, and requires it', () => {
    expect(due(TaskNextStep.PickedDate, noon, { followUpDate: '2025-07-01T15:00:00Z' })).toBe(
      '2025-07-01T15:00:00.000Z',
    )
    expect(() => due(TaskNextStep.PickedDate, noon)).toThrow(taskMessages.followUpDateRequired)
    expect(() => due(TaskNextStep.PickedDate, noon, { followUpDate: null })).toThrow(taskMessages.followUpDateRequired)
  })
  it('quick follow-up is two hours from now', () => {
    expect(due(TaskNextStep.QuickFollowUp, noon)).toBe('2025-06-10T19:00:00.000Z')
  })
  it('an unknown next step is refused as missing', () => {
    expect(() => due(4242, noon)).toThrow(taskMessages.nextStepRequired)
  })
  it('counts days from the local date, not the UTC one (late evening)', () => {
    // 22:30 CDT on June 10 is already June 11 in UTC.
    expect(due(TaskNextStep.Tomorrow, '2025-06-11T03:30:00Z')).toBe('2025-06-11T22:00:00.000Z')
  })
  it('uses the zone it is given', () => {
    expect(due(TaskNextStep.Tomorrow, noon, { timeZone: 'Europe/Belgrade' })).toBe('2025-06-11T15:00:00.000Z')
  })
})

describe('next step across DST changes (America/Chicago)', () => {
  it('tomorrow 17:00 over spring-forward (Mar 9 2025) is 17:00 CDT', () => {
    expect(due(TaskNextStep.Tomorrow, '2025-03-08T18:00:00Z')).toBe('2025-03-09T22:00:00.000Z')
  })
  it('in 7 days over spring-forward keeps 17:00 local', () => {
    expect(due(TaskNextStep.InSevenDays, '2025-03-05T18:00:00Z')).toBe('2025-03-12T22:00:00.000Z')
  })
  it('Follow up over fall-back (Nov 2 2025) is 17:00 CST', () => {
    expect(due(TaskNextStep.FollowUp, '2025-10-31T17:00:00Z')).toBe('2025-11-02T23:00:00.000Z')
  })
  it('No Answer and quick follow-up are elapsed time, not wall time, across the change', () => {
    // 01:30 CDT on Nov 2; the hour 01:00-02:00 repeats.
    expect(due(TaskNextStep.NoAnswer, '2025-11-02T06:30:00Z')).toBe('2025-11-02T07:30:00.000Z')
    expect(due(TaskNextStep.QuickFollowUp, '2025-03-09T07:30:00Z')).toBe('2025-03-09T09:30:00.000Z')
  })
  it('resolves a skipped local time forward and a repeated one to the earlier instant', () => {
    expect(fromLocal({ year: 2025, month: 3, day: 9, hour: 2, minute: 30 }, tz).toISOString()).toBe(
      '2025-03-09T08:30:00.000Z',
    )
    expect(fromLocal({ year: 2025, month: 11, day: 2, hour: 1, minute: 30 }, tz).toISOString()).toBe(
      '2025-11-02T06:30:00.000Z',
    )
  })
})

describe('task defaults', () => {
  it('a new task is due today 17:00 local, in CST and in CDT', () => {
    expect(defaultDueDate(at('2025-01-15T15:00:00Z'), tz).toISOString()).toBe('2025-01-15T23:00:00.000Z')
    expect(defaultDueDate(at('2025-06-10T15:00:00Z'), tz).toISOString()).toBe('2025-06-10T22:00:00.000Z')
  })
  it('the picker of the further step starts 7 days out at 17:00', () => {
    expect(defaultPickedFollowUp(at('2025-06-10T15:00:00Z'), tz).toISOString()).toBe('2025-06-17T22:00:00.000Z')
  })
})
