import { PHONE_SESSION_REFRESH_WINDOW_MS, callMessages } from '@crm/contracts'
import { DomainError, type EventStore, type Logger } from '@crm/platform'
import type { CommandEnvelope } from '../command-handling/command-envelope'
import { newCommandId } from '../command-handling/ids'
import { loadPhoneSession, openSession, runPhoneSessionCommand, sealTokens, timesOf } from './phone-session'
import { RingCentralError, type RcTokens, type RingCentralClient } from './rc-client'
import type { TokenKey } from './token-seal'

export const systemEnvelope = (): CommandEnvelope => {
  const commandId = newCommandId()
  return { commandId, userId: null, divisionId: null, correlationId: commandId, causationId: null }
}

/** A token about to expire is refreshed before use (the SDK's own handicap is a minute). */
const USE_MARGIN_MS = 90_000

/**
 * Users' RingCentral sessions: connect, refresh, and the tokens for a call. A refresh RingCentral refuses with
 * invalid_grant (the refresh token expired or was revoked) loses the session: the user connects again.
 */
export function phoneSessions(deps: { store: EventStore; client: RingCentralClient; key: TokenKey; logger: Logger }) {
  const { store, client, key, logger } = deps

  async function refresh(userId: string, tokens: RcTokens, envelope: CommandEnvelope): Promise<RcTokens | null> {
    try {
      const fresh = await client.refresh(tokens)
      await runPhoneSessionCommand(
        store,
        userId,
        { type: 'RefreshPhoneSession', userId, sealedTokens: sealTokens(key, fresh), times: timesOf(fresh) },
        envelope,
      )
      return fresh
    } catch (error) {
      if (error instanceof RingCentralError && error.invalidGrant) {
        await runPhoneSessionCommand(
          store,
          userId,
          { type: 'LosePhoneSession', userId, reason: error.message },
          envelope,
        )
        return null
      }
      throw error
    }
  }

  return {
    async connect(userId: string, tokens: RcTokens, envelope: CommandEnvelope) {
      return runPhoneSessionCommand(
        store,
        userId,
        { type: 'ConnectPhoneSession', userId, sealedTokens: sealTokens(key, tokens), times: timesOf(tokens) },
        envelope,
      )
    },

    /** Tokens good for a call now, or a DomainError with the product's message. */
    async tokensFor(userId: string, envelope: CommandEnvelope): Promise<RcTokens> {
      const { state } = await loadPhoneSession(store, userId)
      const open = openSession(key, state)
      if ('refusal' in open) throw new DomainError(open.refusal)
      if (open.tokens.expire_time - USE_MARGIN_MS > Date.now()) return open.tokens
      const fresh = await refresh(userId, open.tokens, envelope)
      if (!fresh) throw new DomainError(callMessages.sessionExpired)
      return fresh
    },

    /** The refresh job's step for one user: refreshes when the token expires within the window (docs/product.md 4). */
    async refreshIfDue(userId: string, now = Date.now()): Promise<'refreshed' | 'lost' | 'not-due'> {
      const { state } = await loadPhoneSession(store, userId)
      const open = openSession(key, state, now)
      if ('refusal' in open) return 'not-due'
      if (open.tokens.expire_time - PHONE_SESSION_REFRESH_WINDOW_MS > now) return 'not-due'
      const fresh = await refresh(userId, open.tokens, systemEnvelope())
      if (!fresh) logger.info({ userId }, 'RingCentral session lost at refresh')
      return fresh ? 'refreshed' : 'lost'
    },
  }
}

export type PhoneSessions = ReturnType<typeof phoneSessions>
