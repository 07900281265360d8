import { describe, expect, it } from 'vitest'
import { ERASED, erasedData, personalDataSubject, personalValues, withValuesAt } from './personal-data'

describe('personal data paths (docs/decisions/035)', () => {
  const combined = {
    contactId: 'c1',
    profile: { name: 'Blue Line', dba: null, address: { street1: '1 Main St', city: 'Tulsa', zip: '74101' } },
    additionalContacts: [
      { contactPerson: 'Ann', email: 'ann@example.test', businessPhone: '', mobilePhone: null },
      { contactPerson: 'Bob', email: null, businessPhone: '555-0101', mobilePhone: null },
    ],
  }

  it('finds each value at its concrete path, arrays expanded, and skips empty ones', () => {
    const paths = ['profile.name', 'profile.dba', 'profile.address.street1', 'additionalContacts.*.contactPerson']
    expect(personalValues(combined, [...paths, 'additionalContacts.*.businessPhone', 'profile.missing.x'])).toEqual([
      ['profile.name', 'Blue Line'],
      ['profile.address.street1', '1 Main St'],
      ['additionalContacts.0.contactPerson', 'Ann'],
      ['additionalContacts.1.contactPerson', 'Bob'],
      ['additionalContacts.1.businessPhone', '555-0101'],
    ])
  })

  it('sets values at their paths on a copy, leaving the original as it was', () => {
    const copy = withValuesAt(combined, [
      ['profile.address.zip', 'Z'],
      ['additionalContacts.1.email', 'E'],
    ]) as typeof combined
    expect(copy.profile.address).toEqual({ street1: '1 Main St', city: 'Tulsa', zip: 'Z' })
    expect(copy.additionalContacts[1]!.email).toBe('E')
    expect(copy.additionalContacts[0]).toEqual(combined.additionalContacts[0])
    expect(combined.profile.address.zip).toBe('74101')
    expect(combined.additionalContacts[1]!.email).toBeNull()
    expect(combined.additionalContacts).toHaveLength(2)
  })

  it('reads an event as erased: values become "erased", empty fields and the rest stay', () => {
    const erased = erasedData('ContactsCombined', combined) as typeof combined
    expect(erased.profile).toEqual({
      name: ERASED,
      dba: null,
      address: { street1: ERASED, city: 'Tulsa', zip: ERASED },
    })
    expect(erased.additionalContacts[0]).toEqual({
      contactPerson: ERASED,
      email: ERASED,
      businessPhone: '',
      mobilePhone: null,
    })
    expect(erasedData('ContactStatusChanged', { contactId: 'c1', toStatusId: 2 })).toEqual({
      contactId: 'c1',
      toStatusId: 2,
    })
  })

  it('names the contact as the subject of the event types that carry personal data, and no other', () => {
    expect(personalDataSubject('ContactCreated', { contactId: 'c1' })).toBe('c1')
    expect(personalDataSubject('EmailQueued', { contactId: 'c2', recipient: 'x@example.test' })).toBe('c2')
    expect(personalDataSubject('ContactStatusChanged', { contactId: 'c1' })).toBeNull()
    expect(personalDataSubject('ContactCreated', {})).toBeNull()
  })
})
