import { describe, expect, it } from 'vitest'
import { dateTimeSchema } from './date-time'

describe('a moment in a request', () => {
  const schema = dateTimeSchema({ error: 'Please enter a date and time' })

  it("accepts the product's YYYY-MM-DD HH:mm:ss as UTC and ISO with an offset, and answers ISO in UTC", () => {
    expect(schema.parse('2026-11-24 17:00:00')).toBe('2026-11-24T17:00:00.000Z')
    expect(schema.parse('2026-11-24T17:00:00-06:00')).toBe('2026-11-24T17:00:00-06:00')
    expect(schema.parse('2026-11-24T17:00:00Z')).toBe('2026-11-24T17:00:00Z')
  })

  it.each(['2026-11-24', '2026-13-40 17:00:00', '24/11/2026 17:00', '2026-11-24 25:00:00', ''])(
    'refuses %j with the message given',
    (value) => {
      const result = schema.safeParse(value)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('Please enter a date and time')
    },
  )
})
