import { describe, expect, it } from 'vitest'
import { creditFormSecret, signFormToken, verifyFormToken } from './form-token'

const secret = creditFormSecret(undefined, 'a-jwt-secret-of-some-length')
const TTL = 3600

describe('the public form token', () => {
  it('gives back the moment it was issued while it is young enough', () => {
    const issuedAt = new Date('2026-03-01T10:00:00Z')
    const token = signFormToken(secret, issuedAt)
    const claims = verifyFormToken(secret, token, TTL, new Date('2026-03-01T10:20:00Z'))
    expect(claims).toEqual({ issuedAt, expiresAt: new Date('2026-03-01T11:00:00Z') })
  })

  it('refuses an expired token, one from the future, an altered one and one of another secret', () => {
    const issuedAt = new Date('2026-03-01T10:00:00Z')
    const token = signFormToken(secret, issuedAt)
    expect(verifyFormToken(secret, token, TTL, new Date('2026-03-01T11:00:00Z'))).toBeUndefined()
    expect(verifyFormToken(secret, token, TTL, new Date('2026-03-01T09:59:00Z'))).toBeUndefined()
    // An older issue time, to look like a patient person, breaks the signature.
    const [, nonce, mac] = token.split('.')
    const older = `${issuedAt.getTime() - 60_000}.${nonce}.${mac}`
    expect(verifyFormToken(secret, older, TTL, new Date('2026-03-01T10:20:00Z'))).toBeUndefined()
    const otherSecret = creditFormSecret(undefined, 'another-jwt-secret-entirely')
    expect(verifyFormToken(otherSecret, token, TTL, new Date('2026-03-01T10:20:00Z'))).toBeUndefined()
    for (const junk of ['', 'x', '1.2.3', `${token}x`, token.replace(/\./g, '')]) {
      expect(verifyFormToken(secret, junk, TTL, new Date('2026-03-01T10:20:00Z'))).toBeUndefined()
    }
  })

  it('takes the configured secret over the derived one', () => {
    expect(creditFormSecret('c'.repeat(32), 'jwt')).toBe('c'.repeat(32))
    expect(creditFormSecret(undefined, 'jwt')).not.toBe(creditFormSecret(undefined, 'other'))
  })
})
