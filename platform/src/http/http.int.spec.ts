import { messages } from '@crm/contracts'
import helmet from '@fastify/helmet'
import Fastify from 'fastify'
import { sql } from 'kysely'
import { randomBytes, randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import type { Database } from '../db/database'
import { createLogger } from '../logger'
import { migrateAuthSessions } from '../auth/sessions'
import { databaseTargets } from '../testing/test-database'
import { issueAccessTicket } from '../auth/access-tickets'
import { requirePermission } from './authenticate'
import { COMPRESSION_THRESHOLD_BYTES } from './compression'
import { createHttpApp, registerApiRoutes, type HttpApp } from './create-http-app'
import { DomainError } from './problems'
import { SECURITY_HEADER_OPTIONS } from './security-headers'

// Compressible text, as a list answer or an export is.
const rows = Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Contact ${i}` }))
// As the contracts write them: the product's message for a missing value is the schema's own error.
const typedBody = z.object({
  name: z.string({ error: 'Please add name' }).trim().min(1, 'Please add name'),
  kind: z.union([z.literal(3), z.literal(4)], { error: 'Please select a kind' }).optional(),
  email: z.email({ error: 'Invalid Email!' }).optional().nullable().or(z.literal('')),
  trucks: z.number().int().optional().nullable(),
  address: z.object({ state: z.string().max(2).optional() }).optional(),
})
const csv = rows.map((r) => `${r.id},${r.name}`).join('\n')

describe.each(databaseTargets())('createHttpApp on $name', (target) => {
  let database: Database
  let app: HttpApp
  const sessionId = randomUUID()
  const token = (claims: object = {}, options: object = {}) =>
    app.jwt.sign({ sub: randomUUID(), sid: sessionId, divisionId: 15, permissions: ['call'], ...claims }, options)

  beforeAll(async () => {
    database = await target.create()
    await migrateAuthSessions(database.db)
    await sql`insert into auth_sessions (session_id, user_id, token_hash, expires_at)
              values (${sessionId}::uuid, ${randomUUID()}::uuid, 'h', now() + interval '1 hour')`.execute(database.db)
    app = await createHttpApp({
      logger: createLogger('test', 'silent'),
      jwtSecret: randomBytes(24).toString('base64url'),
      db: database.db,
      // Routes made up for these tests have no document to keep (response-check.int.spec.ts tests the check).
      checkResponses: false,
    })
    await registerApiRoutes(app, (api) => {
      api.get('/open', { config: { public: true } }, async () => ({ ok: true }))
      api.get('/me', async (request) => request.user)
      api.get('/stream', { config: { ticketInQuery: true } }, async (request) => ({ userId: request.user.userId }))
      api.get('/managers', { preHandler: requirePermission('manager') }, async () => ({ ok: true }))
      api.get('/rule', async () => {
        throw new DomainError('Please Select Contact')
      })
      api.get('/boom', async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app.ts:12')
      })
      api.post('/echo', { schema: { body: z.object({ n: z.number().int() }) } }, async (request) => request.body)
      api.post('/typed', { schema: { body: typedBody } }, async (request) => request.body)
      api.get('/rows', async () => rows)
      api.get('/download', async (_request, reply) =>
        reply
          .header('content-type', 'application/octet-stream')
          .header('content-length', String(csv.length))
          .header('content-disposition', 'attachment; filename="card.bin"')
          .send(Readable.from([Buffer.from(csv)])),
      )
      api.get('/export', async (_request, reply) =>
        reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="x.csv"').send(csv),
      )
    })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers })
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` })

  it('sends security headers on every answer, errors included', async () => {
    for (const url of ['/api/v1/open', '/api/v1/me', '/api/v1/nowhere']) {
      const answer = await app.inject({ method: 'GET', url })
      expect(answer.headers['content-security-policy'], url).toContain("frame-ancestors 'none'")
      expect(answer.headers['content-security-policy'], url).toContain("script-src 'self'")
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff')
      expect(answer.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin')
      expect(answer.headers['x-frame-options'], url).toBe('DENY')
      expect(answer.headers['x-robots-tag'], url).toBe('noindex, nofollow')
    }
  })

  it('sends on every answer the security headers @fastify/helmet itself sets with the same options', async () => {
    // The plugin running on each request, as the app did before it took the headers once at start.
    const reference = Fastify({ logger: false })
    await reference.register(helmet, SECURITY_HEADER_OPTIONS)
    reference.get('/any', async () => ({ ok: true }))
    const expected = (await reference.inject({ method: 'GET', url: '/any' })).headers
    await reference.close()
    const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive'])
    const names = Object.keys(expected).filter((name) => !own.has(name))
    expect(names).toEqual(expect.arrayContaining(['content-security-policy', 'strict-transport-security']))
    const answers = [
      await get('/api/v1/open'),
      await get('/api/v1/me', bearer(token())),
      await get('/api/v1/me'),
      await get('/api/v1/nowhere'),
      await get('/api/v1/rows', { ...bearer(token()), 'accept-encoding': 'br' }),
      await app.inject({ method: 'POST', url: '/api/v1/echo', headers: bearer(token()), payload: { n: 'x' } }),
      await get('/elsewhere'),
    ]
    for (const answer of answers) {
      const which = `${answer.statusCode} ${answer.headers['content-type']}`
      expect(Object.fromEntries(names.map((name) => [name, answer.headers[name]])), which).toEqual(
        Object.fromEntries(names.map((name) => [name, expected[name]])),
      )
    }
  })

  it('tells no cache to keep an API answer: data, files, errors and paths it cannot read alike', async () => {
    const auth = bearer(token())
    for (const url of [
      '/api/v1/open',
      '/api/v1/open?x=1',
      '/api/v1/me',
      '/api/v1/nowhere',
      '/api/v1/boom',
      '/api/v1/download',
    ]) {
      expect((await get(url, auth)).headers['cache-control'], url).toBe('no-store')
    }
    const unreadable = await get('/api/v1/%ED%A0%80/x', auth)
    expect(unreadable.statusCode).toBe(400)
    expect(unreadable.headers['content-type']).toContain('application/problem+json')
    expect(unreadable.headers['cache-control']).toBe('no-store')
    expect((await get('/elsewhere')).headers['cache-control']).toBeUndefined()
    expect((await get('/api/v1x')).headers['cache-control']).toBeUndefined()
  })

  it('serves public routes without a token and puts the caller on request.user otherwise', async () => {
    expect((await get('/api/v1/open')).json()).toEqual({ ok: true })
    const me = await get('/api/v1/me', bearer(token()))
    expect(me.json()).toMatchObject({ sessionId, divisionId: 15, permissions: ['call'] })
  })

  it('answers 401 problems for missing, forged, expired and revoked tokens', async () => {
    expect((await get('/api/v1/me')).statusCode).toBe(401)
    const forged = token().slice(0, -4) + 'AAAA'
    expect((await get('/api/v1/me', bearer(forged))).statusCode).toBe(401)
    const expired = await get('/api/v1/me', bearer(token({}, { clockTimestamp: Date.now() - 9 * 3600_000 })))
    expect(expired.json()).toMatchObject({ status: 401, title: messages.unauthorized, detail: 'Token expired' })
    expect((await get('/api/v1/me', bearer(token({ sid: randomUUID() })))).statusCode).toBe(401)
  })

  it('refuses a token it accepted before once the token has expired', async () => {
    const shortLived = token({}, { expiresIn: '60s' })
    expect((await get('/api/v1/me', bearer(shortLived))).statusCode).toBe(200)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 120_000)
      const later = await get('/api/v1/me', bearer(shortLived))
      expect(later.json()).toMatchObject({ status: 401, detail: 'Token expired' })
    } finally {
      vi.useRealTimers()
    }
  })

  it('takes a ticket in the URL only where the route allows it, once, in time, for that route; a token never', async () => {
    const caller = { userId: randomUUID(), sessionId, divisionId: 15, permissions: ['call'] }
    const ticketFor = async (route: string, ttl?: number) =>
      (await issueAccessTicket(database.db, caller, route, ttl)).ticket
    expect((await get(`/api/v1/stream?access_token=${token()}`)).statusCode).toBe(401)
    const once = await ticketFor('/api/v1/stream')
    const first = await get(`/api/v1/stream?ticket=${once}`)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ userId: caller.userId })
    expect((await get(`/api/v1/stream?ticket=${once}`)).statusCode).toBe(401)
    expect((await get(`/api/v1/me?ticket=${await ticketFor('/api/v1/me')}`)).statusCode).toBe(401)
    expect((await get(`/api/v1/stream?ticket=${await ticketFor('/api/v1/me')}`)).statusCode).toBe(401)
    expect((await get(`/api/v1/stream?ticket=${await ticketFor('/api/v1/stream', 0)}`)).statusCode).toBe(401)
  })

  it('answers 403 without the permission', async () => {
    expect((await get('/api/v1/managers', bearer(token()))).statusCode).toBe(403)
    expect((await get('/api/v1/managers', bearer(token({ permissions: ['manager'] })))).statusCode).toBe(200)
  })

  it('answers a business rule with 422 and its message', async () => {
    const response = await get('/api/v1/rule', bearer(token()))
    expect(response.statusCode).toBe(422)
    expect(response.json()).toMatchObject({ title: 'Please Select Contact', detail: 'Please Select Contact' })
  })

  it('answers unexpected errors with a bare 500', async () => {
    const response = await get('/api/v1/boom', bearer(token()))
    expect(response.statusCode).toBe(500)
    expect(response.headers['content-type']).toContain('application/problem+json')
    expect(response.json()).toEqual({ type: 'about:blank', title: 'Server Error! Something went wrong', status: 500 })
  })

  it('answers validation failures with field errors and unknown paths with 404', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/echo',
      headers: bearer(token()),
      payload: { n: 'x' },
    })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().errors)).toEqual(['n'])
    const missing = await get('/api/v1/nothing-here')
    expect(missing.statusCode).toBe(404)
    expect(missing.json().title).toBe(messages.notFound)
  })

  it('says a value of the wrong type is one, and keeps the product message for a missing value', async () => {
    const errorsOf = async (payload: object) => {
      const response = await app.inject({ method: 'POST', url: '/api/v1/typed', headers: bearer(token()), payload })
      expect(response.statusCode).toBe(400)
      return response.json().errors as Record<string, string>
    }
    expect(await errorsOf({})).toEqual({ name: 'Please add name' })
    expect(await errorsOf({ name: null })).toEqual({ name: 'Please add name' })
    expect(await errorsOf({ name: '  ' })).toEqual({ name: 'Please add name' })
    expect(await errorsOf({ name: 12345 })).toEqual({ name: 'Name must be text' })
    expect(await errorsOf({ name: 'A', kind: 'three' })).toEqual({ kind: 'Kind must be a number' })
    expect(await errorsOf({ name: 'A', kind: 9 })).toEqual({ kind: 'Please select a kind' })
    expect(await errorsOf({ name: 'A', email: 5 })).toEqual({ email: 'Email must be text' })
    expect(await errorsOf({ name: 'A', email: 'not-mail' })).toEqual({ email: 'Invalid Email!' })
    expect(await errorsOf({ name: 'A', trucks: '12' })).toEqual({ trucks: 'Trucks must be a number' })
    expect(await errorsOf({ name: 'A', address: { state: ['TX'] } })).toEqual({
      'address.state': 'State must be text',
    })
    expect(await errorsOf({ name: 'A', address: 'Reno' })).toEqual({ address: 'Address must be an object' })
    // Where the schema has no message of its own, the validator's wording becomes a sentence naming the field.
    expect(await errorsOf({ name: 'A', trucks: 1.5 })).toEqual({ trucks: 'Trucks must be a whole number' })
    expect(await errorsOf({ name: 'A', address: { state: 'Texas' } })).toEqual({
      'address.state': 'State must be at most 2 characters',
    })
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v1/typed',
      headers: bearer(token()),
      payload: { name: true },
    })
    expect(wrong.json().title).toBe('Name must be text')
  })

  it('compresses answers above the threshold with brotli or gzip, as the client accepts', async () => {
    const auth = bearer(token())
    const br = await get('/api/v1/rows', { ...auth, 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(rows)
    const gzip = await get('/api/v1/rows', { ...auth, 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(rows)
    expect((await get('/api/v1/rows', auth)).headers['content-encoding']).toBeUndefined()

    const small = await get('/api/v1/me', { ...auth, 'accept-encoding': 'br' })
    expect(small.body.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES)
    expect(small.headers['content-encoding']).toBeUndefined()
  })

  it('sends stored files as they are, and still compresses text exports', async () => {
    const accepts = { ...bearer(token()), 'accept-encoding': 'br' }
    const download = await get('/api/v1/download', accepts)
    expect(download.headers['content-encoding']).toBeUndefined()
    expect(download.headers['content-length']).toBe(String(csv.length))
    expect(download.body).toBe(csv)
    const exported = await get('/api/v1/export', accepts)
    expect(exported.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(exported.rawPayload).toString()).toBe(csv)
  })

  it('serves the OpenAPI document and the UI', async () => {
    const doc = (await get('/api/v1/docs/json')).json()
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/open', '/api/v1/echo']))
    expect(doc.paths['/api/v1/open'].get.security).toEqual([])
    expect((await get('/api/v1/docs/')).statusCode).toBe(200)
  })
})
