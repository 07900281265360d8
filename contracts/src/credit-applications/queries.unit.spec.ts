import { describe, expect, it } from 'vitest'
import { maskLast4, MASKED_DATE_OF_BIRTH } from './queries'

describe('the masks of sensitive credit data', () => {
  it('shows no part of a date of birth: its last four digits are the month and day', () => {
    // 1969-11-02 is sealed with "1102" as its last four.
    expect(maskLast4('applicantDateOfBirth', '1102')).toBe('**/**/****')
    expect(maskLast4('coApplicantDateOfBirth', '1102')).toBe(MASKED_DATE_OF_BIRTH)
    expect(maskLast4('applicantDateOfBirth', null)).toBeNull()
  })

  it('keeps the last four of an SSN and of bank numbers', () => {
    expect(maskLast4('applicantSsn', '4321')).toBe('***-**-4321')
    expect(maskLast4('bankAccountNumber', '6789')).toBe('****6789')
  })
})
