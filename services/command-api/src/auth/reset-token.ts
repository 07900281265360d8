import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'

/**
 * Password-reset links: `<tokenId>.<userId>.<expiresAtSeconds>.<hmac>`. The signature (a key derived from
 * the JWT secret) stops forged or altered links before any lookup; expiry and single use are decided by the
 * user's stream (PasswordResetRequested / UserPasswordChanged).
 */
export interface ResetClaims {
  tokenId: string
  userId: string
  expiresAt: Date
}

const keyFor = (secret: string) => Buffer.from(hkdfSync('sha256', secret, '', 'crm-password-reset-v1', 32))
const mac = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url')
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}'
const SHAPE = new RegExp(`^(${UUID})\\.(${UUID})\\.(\\d{1,12})\\.([A-Za-z0-9_-]{43})$`)

export function signResetToken(secret: string, claims: ResetClaims): string {
  const body = `${claims.tokenId}.${claims.userId}.${Math.floor(claims.expiresAt.getTime() / 1000)}`
  return `${body}.${mac(keyFor(secret), body)}`
}

/** The claims of a well-formed, correctly signed, unexpired token; undefined otherwise. */
export function verifyResetToken(secret: string, token: string, now = new Date()): ResetClaims | undefined {
  const match = SHAPE.exec(token)
  if (!match) return undefined
  const [, tokenId, userId, exp, signature] = match as unknown as [string, string, string, string, string]
  const expected = Buffer.from(mac(keyFor(secret), `${tokenId}.${userId}.${exp}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const expiresAt = new Date(Number(exp) * 1000)
  if (expiresAt <= now) return undefined
  return { tokenId, userId, expiresAt }
}
