import { describe, expect, it } from 'vitest'
import { safeReturnPath } from './safe-return-path'

describe('return path after login', () => {
  it('goes back to the page that asked for login, with its query', () => {
    expect(safeReturnPath('/contacts?query=%7B%7D')).toBe('/contacts?query=%7B%7D')
  })

  it('refuses other sites and loops', () => {
    expect(safeReturnPath('//evil.example/x')).toBe('/')
    expect(safeReturnPath('https://evil.example')).toBe('/')
    expect(safeReturnPath('/login?fromPathname=/x')).toBe('/')
    expect(safeReturnPath(undefined)).toBe('/')
  })
})
