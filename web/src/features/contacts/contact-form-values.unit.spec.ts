import { describe, expect, it } from 'vitest'
import { createContactSchema, messages, DEFAULT_DIVISION_ID } from '@crm/contracts'
import { zodFieldErrors } from '../../lib/field-errors'
import { emptyContactForm, formFieldOf, toCreateContactInput } from './contact-form-values'

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
