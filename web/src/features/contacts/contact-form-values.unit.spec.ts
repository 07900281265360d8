import { describe, expect, it } from 'vitest'
import { createContactSchema, messages, updateContactSchema, DEFAULT_DIVISION_ID } from '@crm/contracts'
import { zodFieldErrors } from '../../lib/field-errors'
import {
  emptyContactForm,
  formFieldOf,
  offeredFlagsOf,
  toCreateContactInput,
  toUpdateContactInput,
  utcOfLocalInput,
} from './contact-form-values'

describe('create contact form → POST /contacts body', () => {
  it('asks for a name and an organization type with the messages of docs/product.md', () => {
    const parsed = createContactSchema.safeParse(toCreateContactInput(emptyContactForm, DEFAULT_DIVISION_ID))
    expect(parsed.success).toBe(false)
    const errors = zodFieldErrors(parsed.error!)
    expect(errors.name).toBe(messages.contactNameRequired)
    expect(errors.organizationTypeId).toBe(messages.organizationTypeRequired)
  })

  it('sends docs/product.md field names, numbers as numbers, the current division, and no empty strings', () => {
    const input = toCreateContactInput(
      {
        ...emptyContactForm,
        name: ' Acme Hauling ',
        organizationTypeId: '5',
        numberOfTrucks: '12',
        city: 'Dallas',
        state: 'tx',
      },
      7,
    )
    const parsed = createContactSchema.parse(input)
    expect(parsed).toMatchObject({
      name: 'Acme Hauling',
      organizationTypeId: 5,
      contactCategory: 1,
      numberOfTrucks: 12,
      address: { city: 'Dallas', state: 'TX' },
      divisionId: 7,
      statusId: 1,
    })
    expect(parsed.email).toBeUndefined()
  })

  it('maps error paths onto form fields', () => {
    expect(formFieldOf('address.zip')).toBe('zip')
    expect(formFieldOf('name')).toBe('name')
    expect(formFieldOf('statusId')).toBeUndefined()
  })
})

describe('the whole record on the form', () => {
  const filled = {
    ...emptyContactForm,
    name: 'Lone Star Haulers',
    organizationTypeId: '7',
    mobilePhone: '(214) 555-0101',
    homePhone: '(214) 555-0102',
    street1: '1200 Commerce St',
    country: 'us',
    nationalityId: '2',
    companyTypeId: '1',
    dateEstablished: '2009-04-01',
    saferPhone: '(214) 555-0103',
    currentBalance: '1250.50',
    daysLate: '12',
  }

  it('sends every group with the API’s names and types', () => {
    expect(createContactSchema.parse(toCreateContactInput(filled, 15))).toMatchObject({
      mobilePhone: '(214) 555-0101',
      homePhone: '(214) 555-0102',
      address: { street1: '1200 Commerce St', country: 'US' },
      nationalityId: 2,
      companyTypeId: 1,
      dateEstablished: '2009-04-01',
      saferPhone: '(214) 555-0103',
      currentBalance: 1250.5,
      daysLate: 12,
    })
  })

  it('names a number field that holds no number under that field', () => {
    const parsed = createContactSchema.safeParse(toCreateContactInput({ ...filled, daysLate: 'soon' }, 15))
    expect(Object.keys(zodFieldErrors(parsed.error!))).toEqual(['daysLate'])
  })

  it('sends the product’s UTC date-time for a local date-time input', () => {
    const local = '2026-11-20T09:30'
    expect(utcOfLocalInput(local)).toBe(new Date(2026, 10, 20, 9, 30).toISOString().slice(0, 19).replace('T', ' '))
    expect(utcOfLocalInput(' ')).toBeUndefined()
  })

  it('an edit sends only what changed: a cleared field as null, a switch as a boolean with its date', () => {
    const changed = { ...filled, homePhone: '', daysLate: '30', isMfp: 'on', mfpDate: '2026-11-20' }
    const body = toUpdateContactInput(filled, changed)
    expect(body).toEqual({ homePhone: null, daysLate: 30, isMfp: true, mfpDate: '2026-11-20' })
    expect(updateContactSchema.safeParse(body).success).toBe(true)
  })

  it('offers the logistics switches only to a logistics customer, at the statuses that offer them', () => {
    const at = (divisionId: number, statusId: number) =>
      offeredFlagsOf({ contactDivisionData: [{ divisionId, statusId } as never] }).map((f) => f.key)
    expect(at(15, 2)).toEqual([])
    expect(at(3, 1)).toEqual([])
    expect(at(3, 2)).toEqual(['isRfp', 'isMfp', 'isCreditApp', 'isOnlineForm'])
    expect(at(3, 3)).toEqual(['isMfp', 'isCreditApp', 'isOnlineForm'])
  })
})
