/**
 * The response check of test mode: an answer the document does not describe fails the request that got it, with a
 * 500 naming what did not match. Here once on purpose, for each way an answer can stray.
 */
import type { FastifyReply } from 'fastify'
import { randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { migrateAuthSessions } from '../../auth/sessions'
import type { Database } from '../../db/database'
import { createLogger } from '../../logger'
import { databaseTargets } from '../../testing/test-database'
import { createHttpApp, registerApiRoutes, type HttpApp } from '../create-http-app'
import { CONTRACT_VIOLATION } from './response-check'

const greeting = z.object({ hello: z.string() })
/** The reply without the route's typed schema, to answer what the schema would not let a handler answer. */
const untyped = (reply: unknown) => reply as FastifyReply

describe.each(databaseTargets())('answers checked against the OpenAPI document on $name', (target) => {
  let database: Database
  let app: HttpApp
  beforeAll(async () => {
    database = await target.create()
    await migrateAuthSessions(database.db)
    app = await createHttpApp({
      logger: createLogger('test', 'silent'),
      jwtSecret: randomBytes(24).toString('base64url'),
      db: database.db,
      checkResponses: true,
    })
    await registerApiRoutes(app, (api) => {
      const documented = { summary: 'A greeting', response: { 200: greeting } }
      const open = { public: true }
      api.get('/greeting', { config: open, schema: documented }, async () => ({ hello: 'world' }))
      // Answers a status its document does not list: the deliberate mistake this test shows failing.
      api.get('/teapot', { config: open, schema: documented }, async (_request, reply) =>
        untyped(reply).code(418).send({ hello: 'tea' }),
      )
      // Answers a body its schema refuses (sent as text, past the serializer that would refuse it too).
      api.get('/wrong-body', { config: open, schema: documented }, async (_request, reply) =>
        untyped(reply)
          .type('application/json')
          .serializer((v) => String(v))
          .send('{"goodbye":1}'),
      )
      api.get('/wrong-type', { config: open, schema: documented }, async (_request, reply) =>
        untyped(reply)
          .type('text/csv')
          .serializer((v) => String(v))
          .send('hello,world'),
      )
      api.get(
        '/:id',
        { schema: { summary: 'A record', params: z.object({ id: z.uuid() }), response: { 200: greeting } } },
        async () => ({ hello: 'you' }),
      )
    })
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  const get = (url: string) => app.inject({ method: 'GET', url })

  it('lets a documented answer through, errors included', async () => {
    expect((await get('/api/v1/greeting')).json()).toEqual({ hello: 'world' })
    // 401 and 400 are documented for a protected route with a parameter, as ProblemDetails.
    expect((await get(`/api/v1/${randomUUID()}`)).statusCode).toBe(401)
  })

  it('fails an undocumented status, a body its schema refuses and a media type it does not list', async () => {
    const teapot = await get('/api/v1/teapot')
    expect(teapot.statusCode).toBe(500)
    expect(teapot.json()).toMatchObject({
      title: CONTRACT_VIOLATION,
      detail: 'GET /api/v1/teapot answered 418, which it does not document',
    })
    const body = await get('/api/v1/wrong-body')
    expect(body.statusCode).toBe(500)
    expect(body.json().detail).toContain("must have required property 'hello'")
    const type = await get('/api/v1/wrong-type')
    expect(type.statusCode).toBe(500)
    expect(type.json().detail).toContain('text/csv')
  })
})
