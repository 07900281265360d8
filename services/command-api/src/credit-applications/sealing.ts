import type { CreditApplicationSensitive, SealedFields, SealedValue, SensitiveFieldKey } from '@crm/contracts'
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * Sensitive application data at rest (docs/decisions/021, 031): AES-256-GCM with a key from configuration, a
 * fresh IV per value, and the field's name as associated data so a ciphertext cannot be moved to another field.
 * Only the last four digits travel in the clear, for masking.
 *
 * Keys rotate: the current key (CREDIT_DATA_KEY) seals, and every key, current or earlier
 * (CREDIT_DATA_OLD_KEYS), opens. A value names the key that sealed it by a short id (`v2.<keyId>.…`); values
 * sealed before ids were written (`v1.…`) are tried against each key, which GCM's tag makes safe.
 */
export interface Sealer {
  seal(field: SensitiveFieldKey, value: string): SealedValue
  open(field: SensitiveFieldKey, sealed: SealedValue): string
}

type Key = { id: string; bytes: Buffer }

function keyOf(base64: string, name: string): Key {
  const bytes = Buffer.from(base64.trim(), 'base64')
  if (bytes.length !== 32) throw new Error(`${name} must be 32 bytes, base64`)
  // Not secret: a digest of the key, so a value says which key opens it without revealing the key.
  return { id: createHash('sha256').update(bytes).digest('base64url').slice(0, 8), bytes }
}

function openWith(key: Key, field: SensitiveFieldKey, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(field))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}

/** A sealer that seals with `currentKey` and opens with it and `oldKeys` (all 32 bytes in base64). */
export function createSealer(currentKey: string, oldKeys: readonly string[] = []): Sealer {
  const current = keyOf(currentKey, 'CREDIT_DATA_KEY')
  const keys = [current, ...oldKeys.map((k) => keyOf(k, 'Each of CREDIT_DATA_OLD_KEYS'))]
  return {
    seal(field, value) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv)
      cipher.setAAD(Buffer.from(field))
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()])
      const tag = cipher.getAuthTag()
      const digits = value.replace(/\D/g, '')
      return {
        cipher: ['v2', current.id, iv, tag, body]
          .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
          .join('.'),
        last4: digits.slice(-4),
      }
    },
    open(field, sealed) {
      const parts = sealed.cipher.split('.')
      if (parts[0] === 'v2' && parts.length === 5) {
        const key = keys.find((k) => k.id === parts[1])
        if (!key) throw new Error('Sealed with a key that is not configured (CREDIT_DATA_OLD_KEYS)')
        return openWith(key, field, parts[2]!, parts[3]!, parts[4]!)
      }
      if (parts[0] === 'v1' && parts.length === 4) {
        for (const key of keys) {
          try {
            return openWith(key, field, parts[1]!, parts[2]!, parts[3]!)
          } catch {
            // Not this key: the tag did not verify.
          }
        }
        throw new Error('Sealed with a key that is not configured (CREDIT_DATA_OLD_KEYS)')
      }
      throw new Error('Unknown sealed value')
    },
  }
}

/** One spelling per value before sealing: an SSN as 123-45-6789. */
const normalize = (field: SensitiveFieldKey, value: string) => {
  const trimmed = value.trim()
  if (!field.endsWith('Ssn')) return trimmed
  const d = trimmed.replace(/\D/g, '')
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`
}

/** Seals the sensitive fields a request sent; null (clearing a field) stays null, absent stays absent. */
export function sealSent(sealer: Sealer, sent: Partial<CreditApplicationSensitive>): SealedFields {
  const sealed: SealedFields = {}
  for (const [field, value] of Object.entries(sent) as [SensitiveFieldKey, string | null | undefined][]) {
    if (value === undefined) continue
    sealed[field] = value === null || value.trim() === '' ? null : sealer.seal(field, normalize(field, value))
  }
  return sealed
}
