import { describe, expect, it } from 'vitest'
import { isCompletePhone, maskPhone, telHref } from './phone-mask'

describe('phone mask (999) 999-9999', () => {
  it('formats progressively while typing', () => {
    expect(maskPhone('')).toBe('')
    expect(maskPhone('5')).toBe('(5')
    expect(maskPhone('555')).toBe('(555')
    expect(maskPhone('5551')).toBe('(555) 1')
    expect(maskPhone('555123')).toBe('(555) 123')
    expect(maskPhone('5551234')).toBe('(555) 123-4')
    expect(maskPhone('5551234567')).toBe('(555) 123-4567')
  })

  it('ignores non-digits and extra digits', () => {
    expect(maskPhone('555-123-4567 ext 9')).toBe('(555) 123-4567')
    expect(maskPhone('(555) 123-45678')).toBe('(555) 123-4567')
  })

  it('drops a leading US country code from pasted numbers', () => {
    expect(maskPhone('+1 555 123 4567')).toBe('(555) 123-4567')
  })

  it('lets backspace remove formatting characters', () => {
    expect(maskPhone('(555) ')).toBe('(555')
    expect(maskPhone('(555) 123-')).toBe('(555) 123')
  })

  it('tells a complete number', () => {
    expect(isCompletePhone('(555) 123-4567')).toBe(true)
    expect(isCompletePhone('(555) 123-456')).toBe(false)
  })
})

describe('tel: links', () => {
  it('dial the digits of a formatted number, keeping a leading +', () => {
    expect(telHref('(555) 201-3344')).toBe('tel:5552013344')
    expect(telHref('+1 555.201.3344')).toBe('tel:+15552013344')
  })
})
