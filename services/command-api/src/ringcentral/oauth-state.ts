import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { TokenKey } from './token-seal'

/** How long a sign-in may take from the profile's button to /loginToRc. */
export const STATE_TTL_MS = 10 * 60_000

interface StatePayload {
  /** The user who started the sign-in: only they may finish it. */
  u: string
  n: string
  /** Expires at (ms). */
  e: number
}

const mac = (key: TokenKey, label: string, payload: string) =>
  createHmac('sha256', key).update(`${label}.${payload}`).digest('base64url')

/**
 * The OAuth state: the user and an expiry, signed. The PKCE verifier is derived from the same signed payload,
 * so nothing is kept between the redirect out and the one back, and a state is useless to anyone else.
 */
export function newSignIn(key: TokenKey, userId: string, now = Date.now()) {
  const payload = Buffer.from(
    JSON.stringify({ u: userId, n: randomBytes(12).toString('base64url'), e: now + STATE_TTL_MS }),
  ).toString('base64url')
  const state = `${payload}.${mac(key, 'state', payload)}`
  return { state, codeChallenge: challengeOf(verifierOf(key, payload)) }
}

const verifierOf = (key: TokenKey, payload: string) => mac(key, 'pkce', payload)
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')

/** The PKCE verifier of a state this server signed for this user and that has not expired; null otherwise. */
export function verifierForState(key: TokenKey, state: string, userId: string, now = Date.now()): string | null {
  const [payload, signature] = state.split('.')
  if (!payload || !signature) return null
  const expected = Buffer.from(mac(key, 'state', payload))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  let parsed: StatePayload
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as StatePayload
  } catch {
    return null
  }
  if (parsed.u !== userId || typeof parsed.e !== 'number' || parsed.e < now) return null
  return verifierOf(key, payload)
}
