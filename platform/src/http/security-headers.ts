import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'
import type { OutgoingHttpHeader, ServerResponse } from 'node:http'

/**
 * Security headers on every response, the web app's and the API's: a content security policy the built web
 * app passes (its scripts and styles are files of its own; components set style attributes, hence
 * 'unsafe-inline' for styles only), no framing, no type sniffing, no referrer beyond the origin, and a
 * word to crawlers that an internal CRM is not to be indexed.
 */
export const SECURITY_HEADER_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // The API is called from the app's own origin; other sites may not embed its answers.
  crossOriginResourcePolicy: { policy: 'same-origin' },
}

type HeaderList = (readonly [name: string, value: OutgoingHttpHeader])[]

/** The names of the headers set so far, as given to setHeader (node's OutgoingMessage, untyped in @types/node). */
const rawHeaderNames = (raw: ServerResponse) =>
  (raw as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()

/**
 * The headers @fastify/helmet sets with these options, as it sets them (names in its casing, in its order), read
 * once from one answer of an app of its own. The policy has no nonce and no per-route settings, so they are the
 * same on every answer; the plugin itself rebuilt them from the options on every request (parsing and joining
 * the policy's directives, a middleware chain per answer), about 35 µs of CPU per request.
 */
export async function helmetHeaders(options: FastifyHelmetOptions = SECURITY_HEADER_OPTIONS): Promise<HeaderList> {
  const probe = Fastify({ logger: false })
  let before = new Set<string>()
  let headers: HeaderList = []
  probe.addHook('onRequest', (_request, reply, done) => {
    before = new Set(rawHeaderNames(reply.raw))
    done()
  })
  await probe.register(helmet, options)
  probe.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw
    headers = rawHeaderNames(raw)
      .filter((name) => !before.has(name))
      .map((name) => [name, raw.getHeader(name)!] as const)
    done()
  })
  probe.get('/', (_request, reply) => reply.send(''))
  try {
    await probe.inject({ method: 'GET', url: '/' })
  } finally {
    await probe.close()
  }
  if (!headers.some(([name]) => name.toLowerCase() === 'content-security-policy')) {
    throw new Error('security headers: @fastify/helmet set no content security policy')
  }
  return headers
}

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders()
  // Where the plugin set them: on the raw answer, first thing, so that errors and unknown paths carry them too.
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw
    for (const [name, value] of headers) raw.setHeader(name, value)
    done()
  })
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-robots-tag', 'noindex, nofollow')
    done(null, payload)
  })
}
