import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for Epic's API in the shapes the product's adapter reads (services/query-api/src/epic): an
 * OAuth 2.0 client-credentials token, the client search by DOT number or account name, and a client's policies,
 * each list under `_embedded`. The product reaches it only through EPIC_API_URL, as it would reach Epic.
 */
export interface FakeEpicClient {
  id: string
  lookupCode: string
  accountName: string
  dotNumber: string | null
  policies: Record<string, unknown>[]
}

export interface FakeEpic {
  url: string
  clientId: string
  clientSecret: string
  clients: FakeEpicClient[]
  /** While set, every API call answers this status (an Epic outage). */
  failWith: number | null
  /** Requests the fake answered, as `METHOD /path?query`. */
  requests: string[]
  close(): Promise<void>
}

export async function startFakeEpic(clients: FakeEpicClient[] = []): Promise<FakeEpic> {
  const tokens = new Set<string>()
  const fake = {
    clientId: 'crm-epic-client',
    clientSecret: randomBytes(16).toString('hex'),
    clients,
    failWith: null as number | null,
    requests: [] as string[],
  }
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    fake.requests.push(`${req.method} ${url.pathname}${url.search}`)
    if (fake.failWith) return send(res, fake.failWith, { message: 'Service unavailable' })
    if (req.method === 'POST' && url.pathname === '/v1/auth/connect/token') {
      const expected = `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`
      if (req.headers.authorization !== expected) return send(res, 401, { error: 'invalid_client' })
      const token = randomBytes(24).toString('base64url')
      tokens.add(token)
      return send(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 })
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? ''
    if (!tokens.has(bearer)) return send(res, 401, { error: 'invalid_token' })
    if (req.method === 'GET' && url.pathname === '/epic/client/v1/clients') {
      const dot = url.searchParams.get('dotNumber')
      const name = url.searchParams.get('accountName')?.toLowerCase()
      const found = fake.clients.filter((c) =>
        dot ? c.dotNumber === dot : name !== undefined && c.accountName.toLowerCase() === name,
      )
      const limit = Number(url.searchParams.get('limit') ?? 50)
      return send(res, 200, {
        total: found.length,
        _embedded: { clients: found.slice(0, limit).map(({ policies: _, ...client }) => client) },
      })
    }
    if (req.method === 'GET' && url.pathname === '/epic/policy/v1/policies') {
      const client = fake.clients.find((c) => c.id === url.searchParams.get('clientId'))
      return send(res, 200, { _embedded: { policies: client?.policies ?? [] } })
    }
    send(res, 404, { message: 'Not found' })
  }
  const server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}
