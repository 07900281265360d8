import { callMessages, phoneSessionStreamId, type PhoneSessionTimes } from '@crm/contracts'
import type { EventStore } from '@crm/platform'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { loadAggregate } from '../command-handling/load-aggregate'
import { phoneSessionDecider, type PhoneSessionCommand, type PhoneSessionState } from './decide'
import type { RcTokens } from './rc-client'
import { seal, unseal, type TokenKey } from './token-seal'

/** Loading, running and opening a user's RingCentral session; its decider is ./decide.ts. */
export const timesOf = (tokens: RcTokens): PhoneSessionTimes => ({
  expireTime: new Date(tokens.expire_time).toISOString(),
  expiresIn: tokens.expires_in,
  refreshTokenExpireTime: new Date(tokens.refresh_token_expire_time).toISOString(),
  refreshTokenExpiresIn: tokens.refresh_token_expires_in,
})

export async function loadPhoneSession(store: EventStore, userId: string) {
  const { state, version } = await loadAggregate(store, phoneSessionStreamId(userId), phoneSessionDecider)
  return { state, version }
}

export async function runPhoneSessionCommand(
  store: EventStore,
  userId: string,
  command: PhoneSessionCommand,
  envelope: CommandEnvelope,
) {
  return handleCommand(store, phoneSessionDecider, phoneSessionStreamId(userId), command, envelope)
}

/** The tokens of a live session, or the message a call is refused with (docs/product.md 8). */
export function openSession(
  key: TokenKey,
  state: PhoneSessionState,
  now = Date.now(),
): { tokens: RcTokens } | { refusal: string } {
  if (!state.userId) return { refusal: callMessages.sessionNotFound }
  if (state.lost || !state.sealedTokens || !state.times) return { refusal: callMessages.sessionExpired }
  if (Date.parse(state.times.refreshTokenExpireTime) <= now) return { refusal: callMessages.sessionExpired }
  const tokens = unseal<RcTokens>(key, state.sealedTokens)
  // Sealed under another key (the key was rotated): as good as expired, the user connects again.
  if (!tokens) return { refusal: callMessages.sessionExpired }
  return { tokens }
}

export const sealTokens = (key: TokenKey, tokens: RcTokens) => seal(key, tokens)
