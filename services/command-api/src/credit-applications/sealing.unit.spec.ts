import { createCipheriv, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSealer } from './sealing'

const freshKey = () => randomBytes(32).toString('base64')

/** A value as the first release sealed it: `v1.<iv>.<tag>.<body>`, no key id. */
function sealedByFirstRelease(keyBase64: string, field: string, value: string) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyBase64, 'base64'), iv)
  cipher.setAAD(Buffer.from(field))
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()])
  const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'))
  return { cipher: ['v1', ...parts].join('.'), last4: value.slice(-4) }
}

describe('sealing credit data with rotating keys', () => {
  it('given a rotated key, when a value is sealed, then only the new key is used and the old one still opens its values', () => {
    const oldKey = freshKey()
    const newKey = freshKey()
    const before = createSealer(oldKey)
    const sealedBefore = before.seal('applicantSsn', '987-65-4321')

    const rotated = createSealer(newKey, [oldKey])
    const sealedAfter = rotated.seal('applicantSsn', '123-45-6789')
    expect(rotated.open('applicantSsn', sealedBefore)).toBe('987-65-4321')
    expect(rotated.open('applicantSsn', sealedAfter)).toBe('123-45-6789')
    // The old key alone cannot open what the new one sealed; the new key alone cannot open the old values.
    expect(() => before.open('applicantSsn', sealedAfter)).toThrow(/not configured/)
    expect(() => createSealer(newKey).open('applicantSsn', sealedBefore)).toThrow(/not configured/)
  })

  it('names the sealing key by an id that is not the key, and keeps only the last four in the clear', () => {
    const key = freshKey()
    const sealed = createSealer(key).seal('bankAccountNumber', '000123456789')
    expect(sealed.last4).toBe('6789')
    expect(sealed.cipher).toMatch(/^v2\.[\w-]{8}\./)
    expect(sealed.cipher).not.toContain(key)
    expect(sealed.cipher).not.toContain('123456789')
  })

  it('opens values sealed before keys had ids, with whichever configured key sealed them', () => {
    const oldKey = freshKey()
    const legacy = sealedByFirstRelease(oldKey, 'applicantDateOfBirth', '1980-05-12')
    expect(createSealer(freshKey(), [freshKey(), oldKey]).open('applicantDateOfBirth', legacy)).toBe('1980-05-12')
    expect(() => createSealer(freshKey()).open('applicantDateOfBirth', legacy)).toThrow(/not configured/)
  })

  it('refuses a value moved to another field, and a key of the wrong length', () => {
    const sealer = createSealer(freshKey())
    const ssn = sealer.seal('applicantSsn', '987-65-4321')
    expect(() => sealer.open('coApplicantSsn', ssn)).toThrow()
    expect(() => createSealer(randomBytes(16).toString('base64'))).toThrow(/CREDIT_DATA_KEY must be 32 bytes/)
    expect(() => createSealer(freshKey(), ['short'])).toThrow(/CREDIT_DATA_OLD_KEYS/)
  })
})
