import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for RingCentral's REST API, built from its documented request and response shapes: the
 * OAuth authorization page and token endpoint (authorization code with PKCE, refresh), RingOut create / status /
 * cancel, webhook subscriptions (create with the Validation-Token handshake, renew) and their telephony-session
 * notifications (sent with the subscription's Verification-Token), the call log and recordings' content. The product reaches it only through RINGCENTRAL_SERVER_URL, as it reaches the real
 * service. Routes under /fake/ steer it from tests (expire codes, shorten token lifetimes, end calls).
 */
export interface FakeRingCentralOptions {
  port?: number
  clientId?: string
  clientSecret?: string
  /** Access token lifetime in seconds (RingCentral: 3600). */
  accessTokenTtl?: number
  /** Refresh token lifetime in seconds (RingCentral: 604800). */
  refreshTokenTtl?: number
  /** RingOut: the rep's own phone picks up this long after the call is placed. */
  callerPicksUpAfterMs?: number
  /** RingOut: the callee answers this long after the rep's phone picked up; null: never answers. */
  answerAfterMs?: number | null
  /** Webhook subscription lifetime in seconds (RingCentral's default: 604800). */
  subscriptionTtl?: number
}

interface RingOut {
  id: string
  from: string
  to: string
  playPrompt: boolean
  startedAt: number
  ended: boolean
  cancelled: boolean
}

export interface CallLogRecord {
  id: string
  sessionId: string
  startTime: string
  duration: number
  type: 'Voice'
  direction: 'Inbound' | 'Outbound'
  action: string
  result: string
  from: { phoneNumber: string; name?: string }
  to: { phoneNumber: string; name?: string }
  recording?: { id: string; uri: string; type: 'Automatic' | 'OnDemand'; contentUri: string }
}

/** A webhook subscription as RingCentral keeps it. */
export interface FakeSubscription {
  id: string
  eventFilters: string[]
  address: string
  verificationToken: string | undefined
  expiresAt: number
  /** The access token's owner (the extension) it was created with. */
  ownerId: string
  renewals: number
}

/** One check of a webhook address RingCentral made before subscribing it. */
export interface FakeValidation {
  address: string
  passed: boolean
  /** The address's answer: its status, whether it echoed the Validation-Token, its size in bytes. */
  status: number
  echoed: boolean
  size: number
  error?: string
}

/** What a telephony-session notification says about the call to the rep's extension. */
export interface FakeIncomingCall {
  /** The caller's number as the carrier presents it (E.164). */
  from: string
  fromName?: string
  to?: string
  status: 'Setup' | 'Proceeding' | 'Answered' | 'Disconnected'
  telephonySessionId?: string
}

export interface FakeRingCentral {
  url: string
  clientId: string
  clientSecret: string
  /** Every RingOut the product asked for, newest last. */
  ringOuts: RingOut[]
  /** The call log the fake answers (tests add entries). */
  callLog: CallLogRecord[]
  /** Refresh grants the token endpoint has answered. */
  refreshes: number
  /** Webhook subscriptions, newest last. */
  subscriptions: FakeSubscription[]
  /** The webhook address checks made before subscribing, newest last. */
  validations: FakeValidation[]
  /** Sends a telephony-session notification to every live subscription; answers each webhook's HTTP status. */
  ring(call: FakeIncomingCall): Promise<number[]>
  options: Required<Omit<FakeRingCentralOptions, 'port' | 'clientId' | 'clientSecret'>>
  close(): Promise<void>
}

function send(res: ServerResponse, status: number, body?: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type })
  res.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url')
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The headers RingCentral's webhook requests carry (its developer guide, "Receiving webhooks"). */
const webhookHeaders = {
  accept: 'application/json',
  'accept-encoding': 'UTF-8',
  'content-type': 'application/json; charset=UTF-8',
  'user-agent': 'RingCentral-Webhook/8.3',
}

interface Delivery {
  status: number
  headers: IncomingMessage['headers']
  /** The answer's size in bytes: status line, headers and body. */
  size: number
  ms: number
}

/** POSTs a webhook request with exactly these headers (no client's own), as RingCentral's servers do. */
function deliver(address: string, headers: Record<string, string>, body: string): Promise<Delivery> {
  const started = Date.now()
  const payload = Buffer.from(body, 'utf8')
  const send = address.startsWith('https:') ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const req = send(
      address,
      { method: 'POST', headers: { ...headers, 'content-length': String(payload.length) }, timeout: 3000 },
      (res) => {
        let size = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          size += Buffer.byteLength(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`)
        }
        res.on('data', (chunk: Buffer) => (size += chunk.length))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, size, ms: Date.now() - started }),
        )
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error('webhook address did not answer within 3000 ms')))
    req.on('error', reject)
    req.end(payload)
  })
}

export async function startFakeRingCentral(options: FakeRingCentralOptions = {}): Promise<FakeRingCentral> {
  const clientId = options.clientId ?? 'fake-client-id'
  const clientSecret = options.clientSecret ?? randomBytes(12).toString('base64url')
  const settings = {
    accessTokenTtl: options.accessTokenTtl ?? 3600,
    refreshTokenTtl: options.refreshTokenTtl ?? 604_800,
    callerPicksUpAfterMs: options.callerPicksUpAfterMs ?? 300,
    answerAfterMs: options.answerAfterMs === undefined ? 1500 : options.answerAfterMs,
    subscriptionTtl: options.subscriptionTtl ?? 604_800,
  }
  const codes = new Map<string, { redirectUri: string; challenge: string; expiresAt: number }>()
  const accessTokens = new Map<string, number>()
  const recordings = new Map<string, Buffer>()
  const refreshTokens = new Map<string, number>()
  const fake: FakeRingCentral = {
    url: '',
    clientId,
    clientSecret,
    ringOuts: [],
    callLog: [],
    refreshes: 0,
    subscriptions: [],
    validations: [],
    ring: (call) => ring(call),
    options: settings,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  function issueTokens() {
    const access = randomBytes(24).toString('base64url')
    const refresh = randomBytes(24).toString('base64url')
    accessTokens.set(access, Date.now() + settings.accessTokenTtl * 1000)
    refreshTokens.set(refresh, Date.now() + settings.refreshTokenTtl * 1000)
    return {
      access_token: access,
      token_type: 'bearer',
      expires_in: settings.accessTokenTtl,
      refresh_token: refresh,
      refresh_token_expires_in: settings.refreshTokenTtl,
      scope: 'RingOut ReadCallLog CallControl SubscriptionWebhook',
      owner_id: '101',
      endpoint_id: randomBytes(6).toString('hex'),
    }
  }

  const oauthError = (res: ServerResponse, description: string, status = 400) =>
    send(res, status, {
      error: 'invalid_grant',
      errors: [{ errorCode: 'OAU-213', message: description }],
      error_description: description,
    })

  async function token(req: IncomingMessage, res: ServerResponse) {
    const basic = Buffer.from((req.headers.authorization ?? '').replace(/^basic /i, ''), 'base64').toString()
    if (basic !== `${clientId}:${clientSecret}`)
      return send(res, 401, { error: 'invalid_client', error_description: 'Invalid client' })
    const form = new URLSearchParams(await readBody(req))
    if (form.get('grant_type') === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '')
      if (!code) return oauthError(res, 'Authorization code is invalid')
      codes.delete(form.get('code')!)
      if (code.expiresAt < Date.now()) return oauthError(res, 'Authorization code is expired')
      if (code.redirectUri !== form.get('redirect_uri')) return oauthError(res, 'Redirect URI mismatch')
      if (s256(form.get('code_verifier') ?? '') !== code.challenge) return oauthError(res, 'Invalid code verifier')
      return send(res, 200, issueTokens())
    }
    if (form.get('grant_type') === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? ''
      const until = refreshTokens.get(refresh)
      if (!until || until < Date.now()) return oauthError(res, 'Token is expired')
      refreshTokens.delete(refresh)
      fake.refreshes++
      return send(res, 200, issueTokens())
    }
    return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' })
  }

  function authorizePage(url: URL, res: ServerResponse) {
    const q = url.searchParams
    if (q.get('client_id') !== clientId || q.get('response_type') !== 'code' || !q.get('redirect_uri')) {
      return send(res, 400, 'Invalid authorization request', 'text/plain')
    }
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
      return send(res, 400, 'PKCE is required', 'text/plain')
    }
    const hidden = [...q.entries()]
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('')
    send(
      res,
      200,
      `<!doctype html><html><head><title>RingCentral sign in</title></head><body>
<h1>Sign in to RingCentral</h1><p>The CRM asks to place calls and read your call log.</p>
<form method="post" action="/restapi/oauth/authorize">${hidden}<button type="submit">Authorize</button></form>
</body></html>`,
      'text/html; charset=utf-8',
    )
  }

  async function approve(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req))
    const code = randomBytes(16).toString('base64url')
    codes.set(code, {
      redirectUri: form.get('redirect_uri') ?? '',
      challenge: form.get('code_challenge') ?? '',
      expiresAt: Date.now() + 60_000,
    })
    const target = new URL(form.get('redirect_uri') ?? '')
    target.searchParams.set('code', code)
    if (form.get('state')) target.searchParams.set('state', form.get('state')!)
    res.writeHead(302, { location: target.toString() })
    res.end()
  }

  function authorized(req: IncomingMessage, res: ServerResponse): boolean {
    const token = (req.headers.authorization ?? '').replace(/^bearer /i, '')
    const until = accessTokens.get(token)
    if (until && until > Date.now()) return true
    send(res, 401, { errorCode: 'TokenInvalid', message: 'Token not found', errors: [{ errorCode: 'OAU-232' }] })
    return false
  }

  function ringOutStatus(ringOut: RingOut) {
    const elapsed = Date.now() - ringOut.startedAt
    const callerUp = elapsed >= settings.callerPicksUpAfterMs
    const answered =
      settings.answerAfterMs !== null && elapsed >= settings.callerPicksUpAfterMs + settings.answerAfterMs
    const callStatus = ringOut.cancelled ? 'CannotReach' : ringOut.ended ? 'Success' : 'InProgress'
    return {
      uri: `${fake.url}/restapi/v1.0/account/~/extension/~/ring-out/${ringOut.id}`,
      id: ringOut.id,
      status: {
        callStatus,
        callerStatus: callerUp ? 'Success' : 'InProgress',
        calleeStatus: answered ? 'Success' : ringOut.ended || ringOut.cancelled ? 'NoAnswer' : 'InProgress',
      },
    }
  }

  async function ringOutRoutes(req: IncomingMessage, res: ServerResponse, id: string | undefined) {
    if (!authorized(req, res)) return
    if (req.method === 'POST' && !id) {
      const body = JSON.parse((await readBody(req)) || '{}') as {
        from?: { phoneNumber?: string }
        to?: { phoneNumber?: string }
        playPrompt?: boolean
      }
      if (!body.from?.phoneNumber || !body.to?.phoneNumber) {
        return send(res, 400, { errorCode: 'InvalidParameter', message: 'Parameter [from, to] is invalid' })
      }
      const ringOut: RingOut = {
        id: String(100_000 + fake.ringOuts.length),
        from: body.from.phoneNumber,
        to: body.to.phoneNumber,
        playPrompt: body.playPrompt ?? true,
        startedAt: Date.now(),
        ended: false,
        cancelled: false,
      }
      fake.ringOuts.push(ringOut)
      return send(res, 200, ringOutStatus(ringOut))
    }
    const ringOut = fake.ringOuts.find((r) => r.id === id)
    if (!ringOut)
      return send(res, 404, { errorCode: 'CMN-102', message: 'Resource for parameter [ringoutId] is not found' })
    if (req.method === 'GET') return send(res, 200, ringOutStatus(ringOut))
    if (req.method === 'DELETE') {
      ringOut.cancelled = true
      return send(res, 204)
    }
    send(res, 405, { message: 'Method not allowed' })
  }

  const subscriptionBody = (sub: FakeSubscription) => ({
    uri: `${fake.url}/restapi/v1.0/subscription/${sub.id}`,
    id: sub.id,
    creationTime: new Date().toISOString(),
    status: 'Active',
    eventFilters: sub.eventFilters,
    expirationTime: new Date(sub.expiresAt).toISOString(),
    expiresIn: Math.max(0, Math.round((sub.expiresAt - Date.now()) / 1000)),
    deliveryMode: { transportType: 'WebHook', address: sub.address, encryption: false },
  })

  /**
   * RingCentral checks a webhook address before it subscribes, with a POST as its developer guide describes:
   * `Content-Type: application/json`, no body and a Validation-Token header. The address passes when it answers
   * 200 within 3000 ms, echoes the token in a Validation-Token header, and its whole answer (headers and body) is
   * at most 1024 bytes. Each check is kept in `validations`.
   */
  async function validates(address: string): Promise<boolean> {
    const token = randomBytes(16).toString('hex')
    const headers = { ...webhookHeaders, 'content-type': 'application/json', 'validation-token': token }
    const answer = await deliver(address, headers, '').catch((error: unknown) => String(error))
    const check: FakeValidation =
      typeof answer === 'string'
        ? { address, passed: false, status: 0, echoed: false, size: 0, error: answer }
        : {
            address,
            status: answer.status,
            echoed: answer.headers['validation-token'] === token,
            size: answer.size,
            passed:
              answer.status === 200 &&
              answer.headers['validation-token'] === token &&
              answer.size <= 1024 &&
              answer.ms <= 3000,
          }
    fake.validations.push(check)
    return check.passed
  }

  async function subscriptionRoutes(req: IncomingMessage, res: ServerResponse, id: string | undefined, renew: boolean) {
    if (!authorized(req, res)) return
    if (req.method === 'POST' && !id) {
      const body = JSON.parse((await readBody(req)) || '{}') as {
        eventFilters?: string[]
        deliveryMode?: { transportType?: string; address?: string; verificationToken?: string }
        expiresIn?: number
      }
      const address = body.deliveryMode?.address
      if (!body.eventFilters?.length || body.deliveryMode?.transportType !== 'WebHook' || !address) {
        return send(res, 400, { errorCode: 'SUB-406', message: 'Parameter [deliveryMode] is invalid' })
      }
      if (!(await validates(address))) {
        return send(res, 400, { errorCode: 'SUB-525', message: 'WebHook server response is invalid' })
      }
      const sub: FakeSubscription = {
        id: randomUUID(),
        eventFilters: body.eventFilters,
        address,
        verificationToken: body.deliveryMode.verificationToken,
        // RingCentral may grant less than asked; the fake grants at most its setting.
        expiresAt: Date.now() + Math.min(body.expiresIn ?? settings.subscriptionTtl, settings.subscriptionTtl) * 1000,
        ownerId: '101',
        renewals: 0,
      }
      fake.subscriptions.push(sub)
      return send(res, 200, subscriptionBody(sub))
    }
    const sub = fake.subscriptions.find((s) => s.id === id && s.expiresAt > Date.now())
    if (!sub) return send(res, 404, { errorCode: 'SUB-100', message: 'Subscription not found' })
    if (req.method === 'POST' && renew) {
      sub.expiresAt = Date.now() + settings.subscriptionTtl * 1000
      sub.renewals++
      return send(res, 200, subscriptionBody(sub))
    }
    if (req.method === 'GET') return send(res, 200, subscriptionBody(sub))
    if (req.method === 'DELETE') {
      sub.expiresAt = 0
      return send(res, 204)
    }
    send(res, 405, { message: 'Method not allowed' })
  }

  /** A telephony-session event for the call, to every live subscription, as RingCentral posts it. */
  async function ring(call: FakeIncomingCall): Promise<number[]> {
    const sessionId = call.telephonySessionId ?? `s-${randomBytes(8).toString('hex')}`
    const live = fake.subscriptions.filter((s) => s.expiresAt > Date.now())
    return Promise.all(
      live.map(async (sub, sequence) => {
        const notification = {
          uuid: randomUUID(),
          event: `/restapi/v1.0/account/37439510/extension/${sub.ownerId}/telephony/sessions`,
          timestamp: new Date().toISOString(),
          subscriptionId: sub.id,
          ownerId: sub.ownerId,
          body: {
            sequence: sequence + 1,
            sessionId: String(Date.now()),
            telephonySessionId: sessionId,
            serverId: '10.13.22.241.TAM',
            eventTime: new Date().toISOString(),
            parties: [
              {
                accountId: '37439510',
                extensionId: sub.ownerId,
                id: `p-${sessionId}-1`,
                direction: 'Inbound',
                to: { phoneNumber: call.to ?? '+13125550100', name: 'Rep', extensionId: sub.ownerId },
                from: { phoneNumber: call.from, ...(call.fromName && { name: call.fromName }) },
                status: { code: call.status, rcc: false },
                missedCall: false,
                standAlone: false,
                muted: false,
              },
            ],
            origin: { type: 'Call' },
          },
        }
        const headers = {
          ...webhookHeaders,
          ...(sub.verificationToken && { 'verification-token': sub.verificationToken }),
        }
        return (await deliver(sub.address, headers, JSON.stringify(notification))).status
      }),
    )
  }

  function recordingContent(req: IncomingMessage, res: ServerResponse, id: string) {
    if (!authorized(req, res)) return
    const audio = recordings.get(id)
    if (!audio)
      return send(res, 404, { errorCode: 'CMN-102', message: 'Resource for parameter [recordingId] is not found' })
    res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': audio.length })
    res.end(audio)
  }

  /** The call log, newest first, by page (RingCentral's dateFrom / dateTo / page / perPage). */
  function callLogRoute(req: IncomingMessage, url: URL, res: ServerResponse) {
    if (!authorized(req, res)) return
    const q = url.searchParams
    const from = q.get('dateFrom')
    const to = q.get('dateTo')
    const perPage = Math.min(1000, Number(q.get('perPage') ?? 100) || 100)
    const page = Math.max(1, Number(q.get('page') ?? 1) || 1)
    const matching = fake.callLog
      .filter((r) => (!from || r.startTime >= from) && (!to || r.startTime <= to))
      .sort((a, b) => b.startTime.localeCompare(a.startTime))
    const records = matching.slice((page - 1) * perPage, page * perPage)
    const totalPages = Math.max(1, Math.ceil(matching.length / perPage))
    const pageUri = (n: number) => {
      const next = new URL(url)
      next.searchParams.set('page', String(n))
      return { uri: next.toString() }
    }
    send(res, 200, {
      uri: url.toString(),
      records,
      paging: {
        page,
        totalPages,
        perPage,
        totalElements: matching.length,
        pageStart: (page - 1) * perPage,
        pageEnd: (page - 1) * perPage + records.length - 1,
      },
      navigation: {
        firstPage: pageUri(1),
        ...(page < totalPages && { nextPage: pageUri(page + 1) }),
        ...(page > 1 && { previousPage: pageUri(page - 1) }),
        lastPage: pageUri(totalPages),
      },
    })
  }

  /** Test controls, not part of RingCentral. */
  async function controls(req: IncomingMessage, url: URL, res: ServerResponse) {
    const path = url.pathname
    if (path === '/fake/expire-codes') {
      for (const code of codes.values()) code.expiresAt = 0
      return send(res, 204)
    }
    if (path === '/fake/settings') {
      Object.assign(settings, JSON.parse((await readBody(req)) || '{}'))
      return send(res, 200, settings)
    }
    const hangUp = path.match(/^\/fake\/ring-out\/([^/]+)\/hang-up$/)
    if (hangUp) {
      const ringOut = fake.ringOuts.find((r) => r.id === hangUp[1])
      if (ringOut) ringOut.ended = true
      return send(res, ringOut ? 204 : 404)
    }
    if (path === '/fake/call-log') {
      const record = JSON.parse(await readBody(req)) as CallLogRecord
      fake.callLog.push({ ...record, id: record.id ?? randomUUID() })
      return send(res, 204)
    }
    if (path === '/fake/ring') {
      const statuses = await ring(JSON.parse(await readBody(req)) as FakeIncomingCall)
      return send(res, 200, { delivered: statuses })
    }
    const recording = path.match(/^\/fake\/recording\/([^/]+)$/)
    if (recording) {
      recordings.set(recording[1]!, Buffer.from(await readBody(req)))
      return send(res, 204)
    }
    send(res, 404, { message: 'No such control' })
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', fake.url)
    const path = url.pathname
    if (path === '/restapi/oauth/authorize' && req.method === 'GET') return authorizePage(url, res)
    if (path === '/restapi/oauth/authorize' && req.method === 'POST') return approve(req, res)
    if (path === '/restapi/oauth/token' && req.method === 'POST') return token(req, res)
    if (path === '/restapi/oauth/revoke') return send(res, 200, {})
    const ringOut = path.match(/^\/restapi\/v1\.0\/account\/~\/extension\/~\/ring-out(?:\/([^/]+))?$/)
    if (ringOut) return ringOutRoutes(req, res, ringOut[1])
    if (path === '/restapi/v1.0/account/~/extension/~/call-log' && req.method === 'GET')
      return callLogRoute(req, url, res)
    const subscription = path.match(/^\/restapi\/v1\.0\/subscription(?:\/([^/]+))?(\/renew)?$/)
    if (subscription) return subscriptionRoutes(req, res, subscription[1], Boolean(subscription[2]))
    const content = path.match(/^\/restapi\/v1\.0\/account\/~\/recording\/([^/]+)\/content$/)
    if (content && req.method === 'GET') return recordingContent(req, res, content[1]!)
    if (path.startsWith('/fake/') && req.method === 'POST') return controls(req, url, res)
    send(res, 404, { errorCode: 'CMN-102', message: 'Resource not found' })
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return fake
}
