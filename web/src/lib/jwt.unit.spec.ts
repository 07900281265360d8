import { describe, expect, it } from 'vitest'
import { decodeJwtPayload, isTokenExpired, tokenExpiresAt } from './jwt'

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwt = (payload: unknown) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.signature`

describe('JWT expiry check', () => {
  const now = Date.parse('2025-01-01T12:00:00Z')

  it('reads the payload, including non-ASCII names', () => {
    expect(decodeJwtPayload(jwt({ sub: 'u1', name: 'Đorđe' }))).toEqual({ sub: 'u1', name: 'Đorđe' })
  })

  it('is expired at and after exp, valid before', () => {
    const exp = now / 1000
    expect(tokenExpiresAt(jwt({ exp }))).toBe(now)
    expect(isTokenExpired(jwt({ exp }), now)).toBe(true)
    expect(isTokenExpired(jwt({ exp: exp - 1 }), now)).toBe(true)
    expect(isTokenExpired(jwt({ exp: exp + 60 }), now)).toBe(false)
  })

  it('leaves a token without exp to the server', () => {
    expect(isTokenExpired(jwt({ sub: 'u1' }), now)).toBe(false)
  })

  it('treats garbage as expired', () => {
    expect(isTokenExpired('not-a-token', now)).toBe(true)
    expect(isTokenExpired('a.%%%.c', now)).toBe(true)
  })
})
