import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * The token of a sent message's recipient links (unsubscribe, report abuse, tracked clicks): the message id and
 * an HMAC of it, so a token cannot be made up or moved to another message, and needs no table to check. It
 * opens only what concerns that one message's recipient.
 */
const SIGNATURE_CHARS = 27

const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex')
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
const signature = (secret: string, messageId: string) =>
  createHmac('sha256', secret).update(`email-message:${messageId}`).digest('base64url').slice(0, SIGNATURE_CHARS)

export function signMessageToken(secret: string, messageId: string): string {
  return `${uuidBytes(messageId).toString('base64url')}.${signature(secret, messageId)}`
}

/** The message a token names, or null for anything not signed with this secret. */
export function verifyMessageToken(secret: string, token: string): string | null {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{27})$/.exec(token)
  if (!match) return null
  const bytes = Buffer.from(match[1]!, 'base64url')
  if (bytes.length !== 16) return null
  const messageId = uuidOf(bytes)
  const expected = Buffer.from(signature(secret, messageId))
  const given = Buffer.from(match[2]!)
  return expected.length === given.length && timingSafeEqual(expected, given) ? messageId : null
}

/** The secret: EMAIL_LINK_SECRET when configured, else derived from the JWT secret (itself from configuration). */
export function emailLinkSecret(configured: string | undefined, jwtSecret: string): string {
  return configured ?? createHmac('sha256', jwtSecret).update('email-link-secret').digest('base64url')
}

export interface RecipientLinks {
  secret: string
  /** Where the web app is reached: the recipients' pages live there. */
  publicUrl: string
}

/** The recipient pages and headers of one message. */
export function linksOf(links: RecipientLinks, messageId: string) {
  const token = signMessageToken(links.secret, messageId)
  return {
    token,
    unsubscribePage: `${links.publicUrl}/api-email/unsubscribe/${token}`,
    reportAbusePage: `${links.publicUrl}/api-email/report-abuse/${token}`,
    /** RFC 8058: the mailbox provider POSTs `List-Unsubscribe=One-Click` here. */
    oneClick: `${links.publicUrl}/api/v1/email-links/unsubscribe/${token}`,
    click: (url: string) => `${links.publicUrl}/api-email/click-link/${token}?redirectLink=${encodeURIComponent(url)}`,
  }
}
