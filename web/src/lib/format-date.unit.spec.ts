import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from './format-date'

describe('date display', () => {
  it('shows calendar dates as MM/DD/YYYY without shifting them', () => {
    expect(formatDate('2024-03-05')).toBe('03/05/2024')
    expect(formatDateTime('2024-03-05')).toBe('03/05/2024')
  })

  it('shows instants as MM/DD/YYYY hh:mm A in the given zone', () => {
    expect(formatDateTime('2024-03-05T14:07:00Z', 'UTC')).toBe('03/05/2024 02:07 PM')
    expect(formatDateTime('2024-03-05T00:30:00Z', 'UTC')).toBe('03/05/2024 12:30 AM')
    expect(formatDateTime('2024-03-05T14:07:00Z', 'America/Chicago')).toBe('03/05/2024 08:07 AM')
    expect(formatDate('2024-03-05T02:00:00Z', 'America/Chicago')).toBe('03/04/2024')
  })

  it("reads the API's zone-less 'YYYY-MM-DD HH:mm:ss' as UTC", () => {
    expect(formatDateTime('2024-12-31 23:59:00', 'UTC')).toBe('12/31/2024 11:59 PM')
  })

  it('renders nothing for missing or invalid values', () => {
    expect(formatDate(null)).toBe('')
    expect(formatDateTime('not a date')).toBe('')
  })
})
