import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyReply } from 'fastify'
import { API_PREFIX, type HttpApp } from '@crm/platform'

/** The built web app; WEB_DIST_DIR points elsewhere (parallel end-to-end runs each build their own copy). */
export const WEB_DIST = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist')

const ASSETS_PATH = '/assets/'
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * Files under assets/ carry a hash of their content in their name and a new build names them anew, so browsers
 * keep them for a year without asking. index.html names the current ones: it is asked for every time (its ETag
 * makes that a 304 while nothing changed).
 */
function cacheControlUnder(root: string) {
  const assets = path.join(path.resolve(root), ASSETS_PATH)
  return (reply: FastifyReply, filePath: string) => {
    reply.header('cache-control', filePath.startsWith(assets) ? IMMUTABLE : 'no-cache')
  }
}

/** Serves the built web app; any other non-API GET gets index.html so client-side routes load on refresh. */
export async function serveWebApp(app: HttpApp, root = WEB_DIST): Promise<void> {
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`The web app is not built (${root}). Run: npm run build:web`)
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each file (web/vite.config.ts): sent as they are to clients that
    // accept them, and never served under their own names.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: cacheControlUnder(root),
  })
  // An internal CRM with customer data: crawlers stay out (X-Robots-Tag says the same on every response).
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('User-agent: *\nDisallow: /\n'),
  )
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    // A tab opened before a deploy asks for chunks the new build no longer has: a 404 fails its import
    // plainly, where index.html would be refused as a script of the wrong type.
    if (request.url.startsWith(API_PREFIX) || request.url.startsWith(ASSETS_PATH)) return reply.callNotFound()
    return reply.sendFile('index.html')
  })
}
