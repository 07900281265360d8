import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * RingCentral tokens are sealed before they reach an event (AES-256-GCM, a random 12-byte nonce per seal). The
 * key is RINGCENTRAL_TOKEN_KEY when set (32 bytes, base64), else derived from the JWT secret with HKDF under a
 * label of its own: either way it comes from configuration, never from the source.
 */
export type TokenKey = Buffer

export function tokenKeyFrom(config: { tokenKey?: string; jwtSecret: string }): TokenKey {
  if (config.tokenKey) {
    const key = Buffer.from(config.tokenKey, 'base64')
    if (key.length !== 32) throw new Error('RINGCENTRAL_TOKEN_KEY must be 32 bytes in base64')
    return key
  }
  return Buffer.from(hkdfSync('sha256', config.jwtSecret, 'crm-phone-session', 'ringcentral-token-key', 32))
}

export function seal(key: TokenKey, value: unknown): string {
  const nonce = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()])
  return [
    'v1',
    nonce.toString('base64url'),
    body.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
  ].join('.')
}

/** The sealed value, or null when it was sealed under another key or changed. */
export function unseal<T>(key: TokenKey, sealed: string): T | null {
  const [version, nonce, body, tag] = sealed.split('.')
  if (version !== 'v1' || !nonce || !body || !tag) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
    return JSON.parse(text) as T
  } catch {
    return null
  }
}
