import fastifyJwt from '@fastify/jwt'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Kysely } from 'kysely'
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from '../logger'
import { createAuthenticate } from './authenticate'
import { API_CACHE_CONTROL, registerApiCacheControl } from './cache-control'
import { registerCompression } from './compression'
import { registerDocs } from './docs'
import { registerMetrics } from './metrics-route'
import { installResponseCheck } from './openapi/response-check'
import { installErrorHandling, sendProblem, toProblem } from './error-handler'
import { registerSecurityHeaders } from './security-headers'
import { refuseBrokenText } from './text-guard'
import { useValidationMessages } from './validation-messages'
import './route-config'

export const API_PREFIX = '/api/v1'

export type HttpApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>

export interface HttpAppOptions {
  logger: Logger
  jwtSecret: string
  /** Where auth_sessions lives (session revocation is checked on every authenticated request). */
  db: Kysely<unknown>
  /** OpenAPI document title. */
  title?: string
  version?: string
  /** Largest accepted body in bytes; larger answers 413. */
  bodyLimit?: number
  /** Behind the compose web server: take the client address from X-Forwarded-For (rate limits). */
  trustProxy?: boolean
  /** Default lifetime of signed tokens. */
  tokenTtlSeconds?: number
  /**
   * Check every answer against the OpenAPI document (openapi/response-check.ts). On under the test runner
   * (VITEST is set), off otherwise: production answers are not checked twice.
   */
  checkResponses?: boolean
  /** METRICS_TOKEN: a bearer token that may read GET /metrics besides an administrator's (metrics-route.ts). */
  metricsToken?: string
}

// Access tickets in URLs are single use and short-lived; they stay out of the logs all the same.
function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(/([?&](?:ticket|access_token)=)[^&]*/gi, '$1[redacted]')
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/

/** A proxy's or client's X-Request-Id when it is a plain token, else a new random one: unique across processes. */
function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id']
  const id = Array.isArray(given) ? given[0] : given
  return id && REQUEST_ID.test(id) ? id : randomUUID()
}

/**
 * The Fastify app both APIs are built on: zod validation and serialization, problem+json errors, bearer
 * JWT, OpenAPI at /api/v1/docs. Routes are added with registerApiRoutes.
 */
export async function createHttpApp(options: HttpAppOptions): Promise<HttpApp> {
  const logger = options.logger.child(
    {},
    {
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
  )
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    // Route matching is exact about trailing slashes and case; clients use the documented paths.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Every log line of a request carries its id (reqId), and so do the events it writes (their metadata's
    // requestId) and the projector's lines for them: one id from the click to the read model (decision 053).
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A path Fastify cannot decode (half a surrogate pair) or an overlong parameter is refused before routing,
    // outside the hooks: the same problem+json answer, and no cache keeps it either.
    frameworkErrors: (error, _request, reply) => {
      reply.header('cache-control', API_CACHE_CONTROL)
      void sendProblem(reply, toProblem(error) ?? { type: 'about:blank', title: 'Bad request', status: 400 })
    },
  }).withTypeProvider<ZodTypeProvider>()
  // The caller can quote it (a support request) and find every line it left.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })
  closeConnectionsWhenClosing(app)
  app.setValidatorCompiler(validatorCompiler)
  // A 400 names the field in words and says what to send, not what the validator expected.
  useValidationMessages()
  app.setSerializerCompiler(serializerCompiler)
  installErrorHandling(app)
  await registerSecurityHeaders(app)
  registerApiCacheControl(app, API_PREFIX)
  // Before compression, which would turn the answer into a stream the check cannot read.
  if (options.checkResponses ?? process.env.VITEST !== undefined) installResponseCheck(app as never)
  // Before any route: the plugin attaches itself to the routes added after it.
  await registerCompression(app)
  // The APIs speak JSON (multipart where a route adds it); a text body is a client mistake: 415, not a 400
  // about fields that were never parsed.
  app.removeContentTypeParser('text/plain')

  await app.register(fastifyJwt, {
    secret: options.jwtSecret,
    sign: { algorithm: 'HS256', expiresIn: `${options.tokenTtlSeconds ?? 8 * 3600}s` },
    verify: { algorithms: ['HS256'] },
  })
  app.decorate('authenticate', createAuthenticate(app, options.db))
  // Before any other route: every answer is counted by its route pattern.
  registerMetrics(app, { metricsToken: options.metricsToken })
  await registerDocs(app, { title: options.title ?? 'Trucking sales CRM API', version: options.version ?? '1.0.0' })
  return app
}

/**
 * A stop (stop-on-signals.ts) closes the app: Fastify refuses new requests (503) and stops listening. Its close
 * alone resolved with requests still being handled (the server counted their connections idle), and the stop went
 * on to close the database under them: here the close also waits until every request taken has been answered.
 * Those answers say `Connection: close`, so the client does not send its next request on a connection the closing
 * server no longer reads, which held the stop until the connection's keep-alive ran out (72 s). Event streams
 * (route config `openapi.eventStream`) are not waited for: their routes end them when the app closes.
 */
function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false
  let inFlight = 0
  let allAnswered: (() => void) | undefined
  // One listener for every answer, and hooks that take a callback: no closure and no promise per request.
  const answered = () => {
    inFlight--
    if (inFlight === 0) allAnswered?.()
  }
  app.addHook('onRequest', (request, reply, done) => {
    // An event stream never ends by itself: its route ends it in its own preClose hook, which runs after this
    // one, so waiting for it here would hold the close for ever.
    if (request.routeOptions.config?.openapi?.eventStream) return done()
    inFlight++
    reply.raw.on('close', answered)
    done()
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close')
    done(null, payload)
  })
  app.addHook('preClose', async () => {
    closing = true
    if (inFlight > 0) await new Promise<void>((resolve) => (allAnswered = resolve))
  })
}

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook that sets request.user (see authenticate.ts). */
    authenticate: ReturnType<typeof createAuthenticate>
  }
}

/**
 * Mounts one service's routes under /api/v1 with authentication on (routes opt out with `config.public`).
 * The standalone process calls it once per service on a single app.
 */
export async function registerApiRoutes(app: HttpApp, routes: (api: HttpApp) => Promise<void> | void): Promise<void> {
  await app.register(
    async (api) => {
      api.addHook('onRequest', app.authenticate)
      api.addHook('preValidation', refuseBrokenText)
      await routes(api)
    },
    { prefix: API_PREFIX },
  )
}
