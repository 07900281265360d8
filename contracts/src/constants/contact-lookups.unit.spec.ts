import { describe, expect, it } from 'vitest'
import {
  autoRatedCompanyTypes,
  effortLevelFromTrucks,
  effortLevelLockedFor,
  effortLevelThresholds,
} from './contact-lookups'

describe('the effort level of auto-rated company types (docs/product.md 9)', () => {
  it('quotes each type its own thresholds: trucking companies as SPEC says, owner operators 0-2 C, 3-4 B, 5+ A', () => {
    expect(effortLevelLockedFor(1)).toBe(
      'You are not allowed to change the effort level. Please change number of trucks if you want effort level to be changed.(0-35 C, 36-75 B, 76+ A)',
    )
    expect(effortLevelLockedFor(2)).toBe(
      'You are not allowed to change the effort level. Please change number of trucks if you want effort level to be changed.(0-2 C, 3-4 B, 5+ A)',
    )
    expect(effortLevelThresholds(3)).toBeNull()
  })

  it('says the same thresholds the rating applies, at every bound', () => {
    const letter = { 122: 'A', 123: 'B', 124: 'C' } as const
    for (const typeId of Object.keys(autoRatedCompanyTypes).map(Number)) {
      // "0-35 C" covers 0 to 35; "76+ A" 76 and every number above it.
      const said = effortLevelThresholds(typeId)!
        .split(', ')
        .map((part) => {
          const [, from, to, grade] = /^(\d+)(?:-(\d+)|\+) ([ABC])$/.exec(part)!
          return { from: Number(from), to: to === undefined ? Number(from) + 10_000 : Number(to), grade }
        })
      for (const { from, to, grade } of said) {
        expect(letter[effortLevelFromTrucks(typeId, from)!]).toBe(grade)
        expect(letter[effortLevelFromTrucks(typeId, to)!]).toBe(grade)
      }
      expect(said[0]!.from).toBe(0)
    }
  })
})
