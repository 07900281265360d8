import { describe, expect, it } from 'vitest'
import { formatCallDuration, shortAttachmentName, typesParam } from './timeline-format'

describe('activity timeline formats (SPEC.md 9)', () => {
  it('shows call time as h:mm:ss', () => {
    expect(formatCallDuration(0)).toBe('0:00:00')
    expect(formatCallDuration(65)).toBe('0:01:05')
    expect(formatCallDuration(3_725)).toBe('1:02:05')
    expect(formatCallDuration(36_000)).toBe('10:00:00')
  })

  it('cuts attachment names to 10 characters', () => {
    expect(shortAttachmentName('invoice.pdf')).toBe('invoice.pd…')
    expect(shortAttachmentName('bol.pdf')).toBe('bol.pdf')
  })

  it('sends no type filter when every type is checked', () => {
    expect(typesParam([10009, 10012], [10009, 10012])).toBeUndefined()
    expect(typesParam([10012, 10009], [10009, 10010, 10012])).toBe('10009,10012')
  })
})
