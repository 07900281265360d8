import { fieldLabel, fieldLabelAt } from '@crm/contracts'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { useValidationMessages } from './validation-messages'

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value)
  expect(result.success).toBe(false)
  return result.error!.issues[0]!.message
}

describe('field names in words', () => {
  it('reads a field name as words, capital first', () => {
    expect(fieldLabel('eqCrmAmountFinanced')).toBe('Equipment CRM amount financed')
    expect(fieldLabel('organizationTypeId')).toBe('Organization type')
    expect(fieldLabel('contactIds')).toBe('Contacts')
    expect(fieldLabel('reasonId')).toBe('Reason')
    expect(fieldLabel('bankruptcyInfo')).toBe('Bankruptcy info')
    expect(fieldLabel('dotNumber')).toBe('DOT number')
    expect(fieldLabel('businessMcNumber')).toBe('Business MC number')
    expect(fieldLabel('range')).toBe('Range')
    expect(fieldLabel('id')).toBe('ID')
  })

  it('names the field of a path by its last named part', () => {
    expect(fieldLabelAt(['address', 'state'])).toBe('State')
    expect(fieldLabelAt(['contactIds', 2])).toBe('Contacts, item 3')
    expect(fieldLabelAt(['options', 'filter', 'name'])).toBe('Name')
    expect(fieldLabelAt([])).toBe('The request body')
  })
})

describe('validation messages', () => {
  beforeAll(() => useValidationMessages())

  it('says in words what is missing, too long, too big or not a choice', () => {
    const body = z.object({
      reason: z.string(),
      bankruptcyInfo: z.string().trim().max(2000).nullable().optional(),
      range: z.coerce.number().int().min(1).max(8).optional(),
      applicationType: z.enum(['loan', 'lease']).nullable().optional(),
      limit: z.union([z.literal(5), z.literal(10)]).optional(),
      trucks: z.number().int().optional(),
      email: z.email().optional(),
      day: z.iso.date().optional(),
      tags: z.array(z.string()).min(1).optional(),
    })
    const ok = { reason: 'Price' }
    expect(messageOf(body, {})).toBe('Reason is required')
    expect(messageOf(body, { reason: 7 })).toBe('Reason must be text')
    expect(messageOf(body, { ...ok, bankruptcyInfo: 'x'.repeat(2001) })).toBe(
      'Bankruptcy info must be at most 2000 characters',
    )
    expect(messageOf(body, { ...ok, range: 9 })).toBe('Range must be at most 8')
    expect(messageOf(body, { ...ok, range: 0 })).toBe('Range must be at least 1')
    expect(messageOf(body, { ...ok, range: 'abc' })).toBe('Range must be a number')
    expect(messageOf(body, { ...ok, applicationType: 'rent' })).toBe('Application type must be one of: Loan, Lease')
    expect(messageOf(body, { ...ok, limit: 7 })).toBe('Limit must be one of: 5, 10')
    expect(messageOf(body, { ...ok, trucks: 1.5 })).toBe('Trucks must be a whole number')
    expect(messageOf(body, { ...ok, email: 'nope' })).toBe('Email must be an email address')
    expect(messageOf(body, { ...ok, day: '31/01/2026' })).toBe('Day must be a date (YYYY-MM-DD)')
    expect(messageOf(body, { ...ok, tags: [] })).toBe('Tags needs at least 1 item')
    expect(messageOf(body.strict(), { ...ok, colour: 'red' })).toBe(
      'Colour is not a field of this request: leave it out',
    )
  })

  it('leaves the messages the schemas give (the product\u2019s) as they are', () => {
    const name = z.string({ error: 'Please add name' }).trim().min(1, 'Please add name')
    expect(messageOf(z.object({ name }), {})).toBe('Please add name')
    expect(messageOf(z.object({ name }), { name: ' ' })).toBe('Please add name')
  })
})
