import { callMessages, rcAuthorizeAnswerSchema, rcLoginAnswerSchema, rcLoginSchema } from '@crm/contracts'
import { DomainError, type HttpApp } from '@crm/platform'
import { callerOf } from '../command-handling/caller'
import { envelopeOf } from '../command-handling/command-envelope'
import { withPosition } from '../command-handling/respond'
import { configured, type Calling } from './routes'
import { newSignIn, verifierForState } from '../ringcentral/oauth-state'
import { RingCentralError } from '../ringcentral/rc-client'

const tags = ['click-to-call']

/**
 * Connecting RingCentral from the profile (docs/product.md 2 /loginToRc): rc-authorize answers RingCentral's
 * authorization page for an authorization-code sign-in with PKCE and a state signed for the caller; rc-login
 * takes the code and state /loginToRc received, exchanges the code and keeps the tokens sealed.
 */
export function ringCentralRoutes(api: HttpApp, { calling }: { calling: Calling | null }): void {
  api.post(
    '/users/rc-authorize',
    {
      schema: {
        tags,
        summary: "Start connecting the caller's RingCentral account: where to send the browser",
        response: { 200: rcAuthorizeAnswerSchema },
      },
    },
    async (request) => {
      const { client, key } = configured(calling)
      const { state, codeChallenge } = newSignIn(key, request.user.userId)
      return { authorizeUrl: client.authorizeUrl(state, codeChallenge) }
    },
  )

  api.post(
    '/users/rc-login',
    {
      schema: {
        tags,
        summary: 'Finish connecting RingCentral: exchange the authorization code /loginToRc received',
        body: rcLoginSchema,
        response: { 200: rcLoginAnswerSchema },
      },
    },
    async (request, reply) => {
      const { client, key, sessions, upkeep } = configured(calling)
      const caller = callerOf(request)
      const verifier = verifierForState(key, request.body.state, caller.userId)
      if (!verifier) throw new DomainError(callMessages.badState)
      let tokens
      try {
        tokens = await client.exchangeCode(request.body.code, verifier)
      } catch (error) {
        if (error instanceof RingCentralError && error.invalidGrant) throw new DomainError(callMessages.codeExpired)
        if (error instanceof RingCentralError) throw new DomainError(error.message)
        throw error
      }
      if (!tokens?.access_token) throw new DomainError(callMessages.codeExpired)
      const result = await sessions.connect(caller.userId, tokens, envelopeOf(request))
      // Subscribe to incoming calls and read the call log now, not at the next sweep.
      await upkeep.connected(caller.userId, String(result.position))
      return withPosition(reply, result.position, { expireTime: new Date(tokens.expire_time).toISOString() })
    },
  )
}
