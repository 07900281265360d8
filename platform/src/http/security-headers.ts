import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * Security headers on every response, the web app's and the API's: a content security policy the built web
 * app passes (its scripts and styles are files of its own; components set style attributes, hence
 * 'unsafe-inline' for styles only), no framing, no type sniffing, no referrer beyond the origin, and a
 * word to crawlers that an internal CRM is not to be indexed.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-robots-tag', 'noindex, nofollow')
    return payload
  })
}
