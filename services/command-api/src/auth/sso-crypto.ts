import { ssoPayloadSchema, type SsoPayload } from '@crm/contracts'
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Single sign-on from the sister applications (fromCRM, fromTruckSales): the payload is JSON sealed with
 * AES-256-GCM (authenticated: a changed byte fails) under a key derived from the shared SSO_SECRET, sent as
 * base64url(iv ‖ ciphertext ‖ tag). It carries an expiry so that a link found later logs nobody in.
 */
const IV = 12
const TAG = 16
const keyFor = (secret: string) => Buffer.from(hkdfSync('sha256', secret, '', 'crm-sso-v1', 32))

export function encryptSsoPayload(secret: string, payload: SsoPayload): string {
  const iv = randomBytes(IV)
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv)
  const sealed = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()])
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url')
}

/** The payload if it decrypts, authenticates, parses and has not expired (nor expires implausibly late). */
export function decryptSsoPayload(secret: string, sealed: string, now = Date.now()): SsoPayload | undefined {
  try {
    const bytes = Buffer.from(sealed, 'base64url')
    if (bytes.length < IV + TAG + 2) return undefined
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), bytes.subarray(0, IV))
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG))
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV, bytes.length - TAG)), decipher.final()])
    const parsed = ssoPayloadSchema.safeParse(JSON.parse(plain.toString('utf8')))
    if (!parsed.success) return undefined
    const exp = parsed.data.exp * 1000
    // At most a day ahead: a sister app's link is for now, not a standing credential.
    if (exp <= now || exp > now + 24 * 3600_000) return undefined
    return parsed.data
  } catch {
    return undefined
  }
}
