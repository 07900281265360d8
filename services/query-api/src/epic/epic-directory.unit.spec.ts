import { describe, expect, it } from 'vitest'
import { isRiskRetentionGroup, policyOf } from './epic-directory'

describe('Epic policies as the contact page reads them', () => {
  it('knows a risk retention group by its name', () => {
    expect(isRiskRetentionGroup('Continental Carriers Risk Retention Group')).toBe(true)
    expect(isRiskRetentionGroup('Truckers RRG, Inc.')).toBe(true)
    expect(isRiskRetentionGroup('Progressive Commercial')).toBe(false)
    expect(isRiskRetentionGroup('Sturgeon Insurance')).toBe(false)
  })

  it('maps a policy, tolerating missing fields', () => {
    expect(
      policyOf({
        policyNumber: 'AL-2291',
        lineOfBusiness: { code: 'CAUT', description: 'Commercial Auto Liability' },
        issuingCompany: { name: 'Truckers RRG' },
        effectiveDate: '2026-01-01T00:00:00Z',
        expirationDate: '2027-01-01T00:00:00Z',
        annualizedPremium: 18250,
        status: 'Active',
      }),
    ).toEqual({
      policyNumber: 'AL-2291',
      lineOfBusiness: 'Commercial Auto Liability',
      insurer: 'Truckers RRG',
      riskRetentionGroup: true,
      effectiveDate: '2026-01-01',
      expirationDate: '2027-01-01',
      annualPremium: 18250,
      status: 'Active',
    })
    expect(policyOf({})).toMatchObject({ insurer: 'Unknown insurer', riskRetentionGroup: false, annualPremium: null })
  })
})
