import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The public application form's token (docs/decisions/046): issued when the form opens, sent back with the
 * application. `<issuedAtMs>.<nonce>.<hmac>`, signed with a key from configuration, so the minimum fill time is
 * measured from a moment the server chose, not one the client says. Needs no table: it expires with its age.
 */
export interface FormTokenClaims {
  issuedAt: Date
  expiresAt: Date
}

const SHAPE = /^(\d{1,15})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/
const keyFor = (secret: string) => Buffer.from(hkdfSync('sha256', secret, '', 'crm-credit-form-v1', 32))
const mac = (secret: string, body: string) => createHmac('sha256', keyFor(secret)).update(body).digest('base64url')

/** The secret: CREDIT_FORM_SECRET when configured, else derived from the JWT secret (itself from configuration). */
export function creditFormSecret(configured: string | undefined, jwtSecret: string): string {
  return configured ?? createHmac('sha256', jwtSecret).update('credit-form-secret').digest('base64url')
}

export function signFormToken(secret: string, issuedAt: Date): string {
  const body = `${issuedAt.getTime()}.${randomBytes(12).toString('base64url')}`
  return `${body}.${mac(secret, body)}`
}

/**
 * The token's times if it is well formed, signed with this secret, issued no later than now and younger than
 * `ttlSeconds`; undefined otherwise (missing, forged, altered or expired alike).
 */
export function verifyFormToken(
  secret: string,
  token: string,
  ttlSeconds: number,
  now = new Date(),
): FormTokenClaims | undefined {
  const match = SHAPE.exec(token)
  if (!match) return undefined
  const [, issued, nonce, signature] = match as unknown as [string, string, string, string]
  const expected = Buffer.from(mac(secret, `${issued}.${nonce}`))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  const issuedAt = new Date(Number(issued))
  const expiresAt = new Date(issuedAt.getTime() + ttlSeconds * 1000)
  // A few seconds of clock difference between the processes that issue and check.
  if (issuedAt.getTime() > now.getTime() + 5000 || expiresAt <= now) return undefined
  return { issuedAt, expiresAt }
}
