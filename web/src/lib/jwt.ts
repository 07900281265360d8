/** Client-side reading of the access token. Never trusted for access: only to log out early (docs/product.md section 4). */

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=')
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
  return new TextDecoder().decode(bytes)
}

export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const value: unknown = JSON.parse(base64UrlDecode(payload))
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** Expiry in epoch milliseconds; null when the token has no `exp` claim. */
export function tokenExpiresAt(token: string): number | null {
  const exp = decodeJwtPayload(token)?.exp
  return typeof exp === 'number' ? exp * 1000 : null
}

/** An unreadable token counts as expired: the server would refuse it anyway. */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  if (!decodeJwtPayload(token)) return true
  const expiresAt = tokenExpiresAt(token)
  return expiresAt !== null && expiresAt <= now
}
