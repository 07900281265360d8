import { DEFAULT_DIVISION_ID, Grade } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { disabledField, toFilter } from './filter-values'

describe('Advanced Search form rules', () => {
  it('asks for a division when status, assigned, grade or effort level is used', () => {
    expect(toFilter({ grade: String(Grade.Hot) })).toEqual({
      errors: { divisionId: 'Division filter field must be entered' },
    })
    expect(toFilter({ grade: String(Grade.Hot), divisionId: String(DEFAULT_DIVISION_ID) })).toEqual({
      filter: { grade: 108, divisionId: DEFAULT_DIVISION_ID },
    })
  })
  it('needs a zip and a radius together', () => {
    expect(toFilter({ zip: '75001' })).toEqual({ errors: { distance: 'Distance Radius must be provided!' } })
    expect(disabledField('distance', {})).toBe(true)
    expect(toFilter({ distance: '0-10' })).toEqual({ errors: { zip: 'Zip code must be provided!' } })
    expect(toFilter({ zip: '75001', distance: '0-10' })).toEqual({ filter: { zip: '75001', distance: '0-10' } })
  })
  it('keeps trucks "to" at least "from" and disables Status and Assigned for division 1', () => {
    expect(toFilter({ numberOfTrucksFrom: '9', numberOfTrucksTo: '3' })).toMatchObject({
      errors: { numberOfTrucksTo: expect.any(String) },
    })
    expect(disabledField('statusId', { divisionId: '1' })).toBe(true)
    expect(toFilter({ divisionId: '1', statusId: '2' })).toEqual({ filter: { divisionId: 1 } })
  })
})
