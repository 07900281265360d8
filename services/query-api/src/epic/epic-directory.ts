import type { EpicAccount, EpicPolicy } from '@crm/contracts'

/**
 * The port to Epic, the insurance agency's management system, where the agency keeps each carrier's account and
 * its policies. Found by the carrier's USDOT number first (Epic keeps it on the account), by name otherwise.
 */
export interface EpicDirectory {
  findAccount(carrier: { dotNumber: string | null; name: string }): Promise<EpicAccount | null>
}

/** Epic answered with an error or could not be reached: 'Failed to fetch Epic data' (docs/product.md 8). */
export class EpicUnavailable extends Error {
  constructor(reason: string) {
    super(`Epic: ${reason}`)
    this.name = 'EpicUnavailable'
  }
}

export interface EpicSettings {
  url: string
  clientId: string
  clientSecret: string
  /** Per request (token, search, policies). */
  timeoutMs?: number
}

type Json = Record<string, unknown>
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null)
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null)
const listOf = (body: Json, key: string): Json[] => {
  const embedded = (body._embedded as Json | undefined)?.[key]
  return Array.isArray(embedded) ? (embedded as Json[]) : []
}

/** An insurer is a risk retention group when its name says so (the industry names them "… Risk Retention Group" / "RRG"). */
export const isRiskRetentionGroup = (insurer: string): boolean => /risk retention group|\bRRG\b/i.test(insurer)

export function policyOf(raw: Json): EpicPolicy {
  const insurer = str((raw.issuingCompany as Json | undefined)?.name) ?? str(raw.issuingCompany) ?? 'Unknown insurer'
  return {
    policyNumber: str(raw.policyNumber) ?? '',
    lineOfBusiness: str((raw.lineOfBusiness as Json | undefined)?.description) ?? str(raw.lineOfBusiness) ?? '',
    insurer,
    riskRetentionGroup: isRiskRetentionGroup(insurer),
    effectiveDate: str(raw.effectiveDate)?.slice(0, 10) ?? null,
    expirationDate: str(raw.expirationDate)?.slice(0, 10) ?? null,
    annualPremium: num(raw.annualizedPremium),
    status: str(raw.status) ?? 'Unknown',
  }
}

/**
 * Epic over HTTP: an OAuth 2.0 client-credentials token, then the client search and the client's policies, in the
 * JSON shapes of Applied's Epic API as far as they are public (docs/decisions/027-the-remaining-contact-calls.md
 * says what to confirm at onboarding). The token is kept until a minute before it expires.
 */
export function httpEpicDirectory(settings: EpicSettings): EpicDirectory {
  const base = settings.url.replace(/\/+$/, '')
  const timeoutMs = settings.timeoutMs ?? 8000
  let token: { value: string; until: number } | null = null

  const call = async (path: string, init: RequestInit = {}): Promise<Json> => {
    let response: Response
    try {
      response = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      throw new EpicUnavailable((error as Error).message)
    }
    if (!response.ok) throw new EpicUnavailable(`${path.split('?')[0]} answered ${response.status}`)
    try {
      return (await response.json()) as Json
    } catch {
      throw new EpicUnavailable(`${path.split('?')[0]} answered no JSON`)
    }
  }

  const bearer = async (): Promise<string> => {
    if (token && token.until > Date.now()) return token.value
    const body = await call('/v1/auth/connect/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    })
    const value = str(body.access_token)
    if (!value) throw new EpicUnavailable('the token endpoint answered no access_token')
    token = { value, until: Date.now() + Math.max(0, (num(body.expires_in) ?? 300) - 60) * 1000 }
    return value
  }

  const get = async (path: string) => call(path, { headers: { authorization: `Bearer ${await bearer()}` } })

  return {
    async findAccount({ dotNumber, name }) {
      const search = dotNumber
        ? `dotNumber=${encodeURIComponent(dotNumber)}`
        : `accountName=${encodeURIComponent(name)}`
      const clients = listOf(await get(`/epic/client/v1/clients?${search}&limit=1`), 'clients')
      const client = clients[0]
      const id = str(client?.id)
      if (!client || !id) return null
      const policies = listOf(await get(`/epic/policy/v1/policies?clientId=${encodeURIComponent(id)}`), 'policies')
      return {
        lookupCode: str(client.lookupCode) ?? id,
        name: str(client.accountName) ?? name,
        dotNumber: str(client.dotNumber),
        policies: policies.map(policyOf),
      }
    },
  }
}
