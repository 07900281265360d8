import { messages } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { assertEffortLevelFollowsTrucks, ratedEffortLevel } from './effort-level'

const C = 124
const B = 123
const A = 122

describe('effort level from the number of trucks', () => {
  it('rates company type 1 at 0-35 C, 36-75 B, 76+ A, and no trucks as C', () => {
    expect(ratedEffortLevel({ companyTypeId: 1, numberOfTrucks: 35 })).toBe(C)
    expect(ratedEffortLevel({ companyTypeId: 1, numberOfTrucks: 36 })).toBe(B)
    expect(ratedEffortLevel({ companyTypeId: 1, numberOfTrucks: 75 })).toBe(B)
    expect(ratedEffortLevel({ companyTypeId: 1, numberOfTrucks: 76 })).toBe(A)
    expect(ratedEffortLevel({ companyTypeId: 1, numberOfTrucks: null })).toBe(C)
  })
  it('rates company type 2 at 0-2 C, 3-4 B, 5+ A', () => {
    expect(ratedEffortLevel({ companyTypeId: 2, numberOfTrucks: 2 })).toBe(C)
    expect(ratedEffortLevel({ companyTypeId: 2, numberOfTrucks: 4 })).toBe(B)
    expect(ratedEffortLevel({ companyTypeId: 2, numberOfTrucks: 5 })).toBe(A)
  })
  it('leaves other company types, and none, to be chosen', () => {
    expect(ratedEffortLevel({ companyTypeId: 3, numberOfTrucks: 500 })).toBeNull()
    expect(ratedEffortLevel({ companyTypeId: null, numberOfTrucks: 500 })).toBeNull()
  })
  it('refuses a chosen level other than the rated one, under effortLevel with the thresholds', () => {
    const fleet = { companyTypeId: 1, numberOfTrucks: 80 }
    const refusal = (() => {
      try {
        assertEffortLevelFollowsTrucks(fleet, C)
      } catch (error) {
        return error
      }
    })() as FieldRuleError
    expect(refusal).toBeInstanceOf(FieldRuleError)
    expect(refusal.errors).toEqual({ effortLevel: messages.effortLevelLocked('0-35 C, 36-75 B, 76+ A') })
    expect(() => assertEffortLevelFollowsTrucks(fleet, null)).toThrow(FieldRuleError)
  })
  it('accepts the rated level, no level sent, and any level of a type that is not auto-rated', () => {
    expect(() => assertEffortLevelFollowsTrucks({ companyTypeId: 1, numberOfTrucks: 80 }, A)).not.toThrow()
    expect(() => assertEffortLevelFollowsTrucks({ companyTypeId: 1, numberOfTrucks: 80 }, undefined)).not.toThrow()
    expect(() => assertEffortLevelFollowsTrucks({ companyTypeId: 3, numberOfTrucks: 80 }, C)).not.toThrow()
  })
})
