import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import { API_PREFIX, type HttpApp } from '@crm/platform'

/** The built web app; WEB_DIST_DIR points elsewhere (parallel end-to-end runs each build their own copy). */
export const WEB_DIST = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist')

/** Serves the built web app; any other non-API GET gets index.html so client-side routes load on refresh. */
export async function serveWebApp(app: HttpApp, root = WEB_DIST): Promise<void> {
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`The web app is not built (${root}). Run: npm run build:web`)
  }
  await app.register(fastifyStatic, { root, wildcard: false, index: false })
  // An internal CRM with customer data: crawlers stay out (X-Robots-Tag says the same on every response).
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send('User-agent: *\nDisallow: /\n'),
  )
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (request.url.startsWith(API_PREFIX)) return reply.callNotFound()
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
