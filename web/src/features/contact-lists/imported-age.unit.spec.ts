import { describe, expect, it } from 'vitest'
import { importedAge } from './imported-age'

const now = Date.parse('2025-03-10T12:00:00Z')
const hoursAgo = (h: number) => new Date(now - h * 3_600_000).toISOString()

describe('Imported column colour', () => {
  it.each([
    [1, 'green'],
    [23.9, 'green'],
    [24, 'amber'],
    [47.9, 'amber'],
    [48, 'red'],
    [72, 'red'],
    [73, 'black'],
  ])('%s hours old is %s', (hours, colour) => {
    expect(importedAge(hoursAgo(hours), now)).toBe(colour)
  })
  it('is black without an import date', () => expect(importedAge(null, now)).toBe('black'))
})
