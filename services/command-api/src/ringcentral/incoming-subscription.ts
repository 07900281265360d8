import type { EventStore } from '@crm/platform'
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { PhoneSessionState } from './decide'
import { loadPhoneSession, runPhoneSessionCommand } from './phone-session'
import { systemEnvelope, type PhoneSessions } from './phone-sessions'
import { RingCentralError, type RingCentralClient } from './rc-client'
import type { TokenKey } from './token-seal'

/** A subscription expiring within this is renewed (RingCentral's lifetime is a week; the sweep runs every minute). */
export const SUBSCRIPTION_RENEW_WINDOW_MS = 24 * 3600_000

/** The webhook path; the address names the user, whose verification token only this server can compute. */
export const WEBHOOK_PATH = '/api/v1/click-to-call/incoming-calls'
export const webhookAddress = (publicUrl: string, userId: string) =>
  `${publicUrl}${WEBHOOK_PATH}?${new URLSearchParams({ user: userId })}`

/**
 * The verification token RingCentral sends back with every notification of the user's subscription: an HMAC of
 * the user id under the token key, so the webhook checks it without a lookup and a stranger cannot make one.
 */
export const webhookToken = (key: TokenKey, userId: string) =>
  createHmac('sha256', key).update(`rc-webhook.${userId}`).digest('base64url')

export function webhookTokenMatches(key: TokenKey, userId: string, given: string | undefined): boolean {
  if (!given) return false
  const expected = Buffer.from(webhookToken(key, userId))
  const actual = Buffer.from(given)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** What the user's subscription needs now: none yet (or lost), about to expire, or nothing. */
export function subscriptionDue(state: PhoneSessionState, now: number): 'create' | 'renew' | null {
  if (!state.sealedTokens || state.lost) return null
  if (!state.subscription || Date.parse(state.subscription.expirationTime) <= now) return 'create'
  return Date.parse(state.subscription.expirationTime) - SUBSCRIPTION_RENEW_WINDOW_MS <= now ? 'renew' : null
}

/**
 * Keeps each connected user's webhook subscription to their telephony sessions: created after connecting,
 * renewed before it expires, created again when RingCentral no longer knows it.
 */
export function subscriptionKeeper(deps: {
  store: EventStore
  client: RingCentralClient
  sessions: PhoneSessions
  key: TokenKey
  publicUrl: string
}) {
  const { store, client, sessions, key, publicUrl } = deps
  return {
    async ensure(userId: string, now = Date.now()): Promise<'create' | 'renew' | null> {
      const { state } = await loadPhoneSession(store, userId)
      const due = subscriptionDue(state, now)
      if (!due) return null
      const tokens = await sessions.tokensFor(userId, systemEnvelope())
      let saved = null
      if (due === 'renew') {
        try {
          saved = await client.renewSubscription(tokens, state.subscription!.id)
        } catch (error) {
          if (!(error instanceof RingCentralError && error.status === 404)) throw error
        }
      }
      saved ??= await client.subscribe(tokens, webhookAddress(publicUrl, userId), webhookToken(key, userId))
      await runPhoneSessionCommand(
        store,
        userId,
        {
          type: 'SaveSubscription',
          userId,
          subscriptionId: saved.id,
          expirationTime: new Date(saved.expirationTime).toISOString(),
        },
        systemEnvelope(),
      )
      return due
    },
  }
}

export type SubscriptionKeeper = ReturnType<typeof subscriptionKeeper>
