import { describe, expect, it } from 'vitest'
import { expectationValuesOf, toExpectations, withPeriodChanged } from './expectation-values'

const blank = { day: '', week: '', month: '', year: '' }

describe('expectation values', () => {
  it('fills week, month and year from the daily target (5, 20 and 250 working days)', () => {
    expect(withPeriodChanged(blank, 'day', '12')).toEqual({ day: '12', week: '60', month: '240', year: '3000' })
  })

  it('keeps a period changed by hand until the daily target changes again', () => {
    const filled = withPeriodChanged(blank, 'day', '4')
    const edited = withPeriodChanged(filled, 'week', '18')
    expect(edited).toEqual({ day: '4', week: '18', month: '80', year: '1000' })
    expect(withPeriodChanged(edited, 'day', '5').week).toBe('25')
  })

  it('clearing the daily target leaves the others as they were', () => {
    const filled = withPeriodChanged(blank, 'day', '4')
    expect(withPeriodChanged(filled, 'day', '')).toEqual({ ...filled, day: '' })
  })

  it('reads stored targets and sends only the periods filled in', () => {
    const values = expectationValuesOf({ day: 3, week: 15 })
    expect(values).toEqual({ day: '3', week: '15', month: '', year: '' })
    expect(toExpectations(values)).toEqual({ day: 3, week: 15 })
  })
})
