import { describe, expect, it } from 'vitest'
import { divisionAtLogin } from './session-store'

describe('division at login', () => {
  it("uses the user's division when none was chosen in this tab", () => {
    expect(divisionAtLogin(null, 15)).toBe(15)
  })

  it('keeps a division chosen earlier in this tab, even if it differs', () => {
    expect(divisionAtLogin(3, 15)).toBe(3)
  })
})
