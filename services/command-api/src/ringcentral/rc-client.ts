import { SDK } from '@ringcentral/sdk'
import { randomUUID } from 'node:crypto'
import type { RingOutStatus } from '@crm/contracts'
import { ringCentralCalls, ringCentralErrors } from '@crm/platform'

/** The RingCentral application the server acts for (README "Configuration"). */
export interface RingCentralConfig {
  serverUrl: string
  clientId: string
  clientSecret: string
  /** Where RingCentral sends the browser back: the web app's /loginToRc. */
  redirectUri: string
}

/** The tokens as RingCentral issues them; kept only sealed (token-seal.ts). */
export interface RcTokens {
  access_token: string
  refresh_token: string
  token_type: string
  expires_in: number
  refresh_token_expires_in: number
  /** ms since epoch, as the SDK keeps them. */
  expire_time: number
  refresh_token_expire_time: number
  scope?: string
  owner_id?: string
  endpoint_id?: string
}

/** A refusal from RingCentral: `invalidGrant` for an expired or used code or refresh token. */
export class RingCentralError extends Error {
  constructor(
    message: string,
    readonly invalidGrant: boolean,
    /** RingCentral's HTTP status, when it answered. */
    readonly status: number | null = null,
  ) {
    super(message)
  }
}

const RING_OUT = '/restapi/v1.0/account/~/extension/~/ring-out'
const SUBSCRIPTION = '/restapi/v1.0/subscription'
const CALL_LOG = '/restapi/v1.0/account/~/extension/~/call-log'
/** Calls to and from the rep's own extension (RingCentral's "Extension Telephony Sessions" event). */
export const TELEPHONY_SESSIONS_FILTER = '/restapi/v1.0/account/~/extension/~/telephony/sessions'
/** RingCentral's default lifetime of a webhook subscription: a week. */
const SUBSCRIPTION_TTL_S = 604_800

/** A webhook subscription as RingCentral answers it. */
export interface RcSubscription {
  id: string
  expirationTime: string
}

/** A record of RingCentral's call log (the fields the CRM keeps). */
export interface RcCallLogRecord {
  id: string
  telephonySessionId?: string
  startTime: string
  duration: number
  direction: 'Inbound' | 'Outbound'
  action?: string
  result?: string
  from?: { phoneNumber?: string; name?: string }
  to?: { phoneNumber?: string; name?: string }
  recording?: { id: string }
}

function platformOf(config: RingCentralConfig) {
  const sdk = new SDK({
    server: config.serverUrl,
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectUri: config.redirectUri,
    // One SDK per operation: nothing of one user's session stays where another's request could use it.
    cachePrefix: `crm-${randomUUID()}`,
  })
  return sdk.platform()
}

/** Counts a call to RingCentral's API, and its failure by HTTP status (GET /metrics). */
async function counted<T>(call: () => Promise<T>): Promise<T> {
  ringCentralCalls.inc()
  try {
    return await call()
  } catch (error) {
    const failure = await asRingCentralError(error)
    ringCentralErrors.inc({ status: failure.status === null ? 'none' : String(failure.status) })
    throw failure
  }
}

async function asRingCentralError(error: unknown): Promise<RingCentralError> {
  const response = (error as { response?: Response }).response
  let body: { error?: string; error_description?: string; message?: string } = {}
  try {
    body = response ? ((await response.clone().json()) as typeof body) : {}
  } catch {
    /* not JSON */
  }
  const message = body.error_description ?? body.message ?? (error instanceof Error ? error.message : String(error))
  return new RingCentralError(message, body.error === 'invalid_grant', response?.status ?? null)
}

async function tokensOf(platform: ReturnType<typeof platformOf>): Promise<RcTokens> {
  return (await platform.auth().data()) as unknown as RcTokens
}

/** RingCentral's REST API through @ringcentral/sdk: OAuth, RingOut, webhook subscriptions, the call log. */
export function ringCentralClient(config: RingCentralConfig) {
  async function withTokens<T>(tokens: RcTokens, run: (platform: ReturnType<typeof platformOf>) => Promise<T>) {
    const platform = platformOf(config)
    await platform.auth().setData(tokens as never)
    return counted(() => run(platform))
  }

  return {
    async exchangeCode(code: string, codeVerifier: string): Promise<RcTokens> {
      const platform = platformOf(config)
      await counted(() => platform.login({ code, code_verifier: codeVerifier, redirect_uri: config.redirectUri }))
      return tokensOf(platform)
    },

    async refresh(tokens: RcTokens): Promise<RcTokens> {
      return withTokens(tokens, async (platform) => {
        await platform.refresh()
        return tokensOf(platform)
      })
    },

    /** RingOut: rings `from` (the rep), then connects `to` (the contact). */
    async ringOut(tokens: RcTokens, from: string, to: string): Promise<{ id: string; status: RingOutStatus }> {
      return withTokens(tokens, async (platform) => {
        const response = await platform.post(RING_OUT, {
          from: { phoneNumber: from },
          to: { phoneNumber: to },
          playPrompt: false,
        })
        return (await response.json()) as { id: string; status: RingOutStatus }
      })
    },

    async ringOutStatus(tokens: RcTokens, id: string): Promise<RingOutStatus> {
      return withTokens(tokens, async (platform) => {
        const response = await platform.get(`${RING_OUT}/${encodeURIComponent(id)}`)
        return ((await response.json()) as { status: RingOutStatus }).status
      })
    },

    async cancelRingOut(tokens: RcTokens, id: string): Promise<void> {
      await withTokens(tokens, (platform) => platform.delete(`${RING_OUT}/${encodeURIComponent(id)}`))
    },

    /** A webhook subscription to the user's telephony sessions, delivered to `address` with the token. */
    async subscribe(tokens: RcTokens, address: string, verificationToken: string): Promise<RcSubscription> {
      return withTokens(tokens, async (platform) => {
        const response = await platform.post(SUBSCRIPTION, {
          eventFilters: [TELEPHONY_SESSIONS_FILTER],
          deliveryMode: { transportType: 'WebHook', address, verificationToken },
          expiresIn: SUBSCRIPTION_TTL_S,
        })
        return (await response.json()) as RcSubscription
      })
    },

    async renewSubscription(tokens: RcTokens, id: string): Promise<RcSubscription> {
      return withTokens(tokens, async (platform) => {
        const response = await platform.post(`${SUBSCRIPTION}/${encodeURIComponent(id)}/renew`)
        return (await response.json()) as RcSubscription
      })
    },

    /** One page of the call log from `dateFrom`, newest first; `more` when a next page exists. */
    async callLog(
      tokens: RcTokens,
      query: { dateFrom: string; dateTo: string; page: number; perPage: number },
    ): Promise<{ records: RcCallLogRecord[]; more: boolean }> {
      return withTokens(tokens, async (platform) => {
        const response = await platform.get(CALL_LOG, { ...query, view: 'Simple', type: 'Voice' })
        const body = (await response.json()) as { records: RcCallLogRecord[]; navigation?: { nextPage?: unknown } }
        return { records: body.records, more: Boolean(body.navigation?.nextPage) }
      })
    },

    /** A recording's audio, through the user's session (never handed to the browser). */
    async recording(tokens: RcTokens, id: string): Promise<{ type: string; body: Buffer }> {
      return withTokens(tokens, async (platform) => {
        const response = await platform.get(`/restapi/v1.0/account/~/recording/${encodeURIComponent(id)}/content`)
        return {
          type: response.headers.get('content-type') ?? 'audio/mpeg',
          body: Buffer.from(await response.arrayBuffer()),
        }
      })
    },

    /** RingCentral's authorization page for a sign-in (authorization code with PKCE, S256). */
    authorizeUrl(state: string, codeChallenge: string): string {
      const url = new URL('/restapi/oauth/authorize', config.serverUrl)
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: config.redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString()
      return url.toString()
    },
  }
}

export type RingCentralClient = ReturnType<typeof ringCentralClient>
