import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { optionalPhoneSchema, phoneMessages, phoneSchema, toUsPhone } from './phone'

describe('a phone field in a command', () => {
  const schema = phoneSchema('Business phone')

  it.each([
    '5551234567',
    '555-123-4567',
    '555.123.4567',
    '(555) 123-4567',
    '(555)123-4567',
    '+1 555 123 4567',
    '+15551234567',
    '1-555-123-4567',
    '1 (555) 123-4567',
    '  555 123 4567  ',
  ])('turns %j into the mask (555) 123-4567', (typed) => {
    expect(schema.parse(typed)).toBe('(555) 123-4567')
  })

  it.each([
    'call me maybe',
    '555-1234',
    '55512345678',
    '+44 20 7946 0958',
    '+5551234567',
    '0000000000',
    '(155) 123-4567',
    '555-123-4567-',
    '555--123-4567',
    '5551234567 call after 5',
    'x'.repeat(41),
  ])('refuses %j naming the field', (typed) => {
    const result = schema.safeParse(typed)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Business phone must be a US phone number like (555) 123-4567',
    ])
  })

  it.each(['555-123-4567 x123', '(555) 123-4567 ext. 12', '5551234567 extension 4', '555.123.4567#9'])(
    'refuses the extension in %j, saying so',
    (typed) => {
      expect(schema.safeParse(typed).error?.issues[0]?.message).toBe(phoneMessages.noExtension('Business phone'))
    },
  )

  it('lets a blank, null or absent optional phone through as sent', () => {
    const optional = optionalPhoneSchema('Mobile phone')
    expect(optional.parse('')).toBe('')
    expect(optional.parse('   ')).toBe('')
    expect(optional.parse(null)).toBeNull()
    expect(optional.parse(undefined)).toBeUndefined()
  })

  it('is one schema inside any object: the message names the field it was given', () => {
    const form = z.object({ mobilePhone: optionalPhoneSchema('Mobile phone') })
    expect(form.safeParse({ mobilePhone: 'nope' }).error?.issues[0]).toMatchObject({
      path: ['mobilePhone'],
      message: 'Mobile phone must be a US phone number like (555) 123-4567',
    })
  })

  it('toUsPhone answers null for what is not a US number', () => {
    expect(toUsPhone('(806) 555-0100')).toBe('(806) 555-0100')
    expect(toUsPhone('12')).toBeNull()
  })
})
