import { ActivityType } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import {
  formatCallDuration,
  fromLocalInput,
  parseCallDuration,
  shortAttachmentName,
  toLocalInput,
  typesParam,
} from './timeline-format'

describe('activity timeline formats (docs/product.md 9)', () => {
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
    expect(
      typesParam([ActivityType.OutgoingCall, ActivityType.Email], [ActivityType.OutgoingCall, ActivityType.Email]),
    ).toBeUndefined()
    expect(
      typesParam(
        [ActivityType.Email, ActivityType.OutgoingCall],
        [ActivityType.OutgoingCall, ActivityType.IncomingCall, ActivityType.Email],
      ),
    ).toBe(`${ActivityType.OutgoingCall},${ActivityType.Email}`)
  })

  it('reads call time typed as h:mm:ss, m:ss or seconds', () => {
    expect(parseCallDuration('1:02:05')).toBe(3_725)
    expect(parseCallDuration('2:05')).toBe(125)
    expect(parseCallDuration('95')).toBe(95)
    expect(parseCallDuration('')).toBe(0)
    expect(parseCallDuration('1:75')).toBeUndefined()
    expect(parseCallDuration('1h')).toBeUndefined()
    expect(formatCallDuration(parseCallDuration('0:01:05')!)).toBe('0:01:05')
  })

  it('round-trips an instant through a datetime-local value (to the minute)', () => {
    const iso = '2025-05-14T17:42:00.000Z'
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso)
    expect(fromLocalInput('')).toBeUndefined()
  })
})
