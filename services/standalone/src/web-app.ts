import { existsSync, readFileSync } from 'node:fs'
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

/**
 * The screens people open first, by address, with the module of the web app that draws each (web/src). Their
 * code is a lazy chunk, which the app would only ask for once its entry had run: a second round trip before
 * anything shows, the longest wait on a phone's connection. Their pages name those chunks up front instead.
 */
export const FIRST_SCREENS: Record<string, string> = {
  // (The sign-in form is in the entry itself: web/src/features/auth/login-route.ts.)
  '/': 'src/features/dashboard/dashboard-page.tsx',
  '/contacts': 'src/features/contact-lists/contact-list-page.tsx',
}

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>

/**
 * index.html for each of FIRST_SCREENS with a modulepreload link for every chunk the screen needs that the page
 * does not name already, read from the build's manifest (web/vite.config.ts writes it). Without a manifest
 * (an old build) every screen gets index.html as it is.
 */
export function firstScreenPages(root: string, indexHtml: string): Map<string, string> {
  const manifestFile = path.join(root, '.vite', 'manifest.json')
  const pages = new Map<string, string>()
  if (!existsSync(manifestFile)) return pages
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
  const chunksOf = (key: string, into = new Set<string>()): Set<string> => {
    const chunk = manifest[key]
    if (!chunk || into.has(chunk.file)) return into
    into.add(chunk.file)
    for (const imported of chunk.imports ?? []) chunksOf(imported, into)
    return into
  }
  for (const [address, module] of Object.entries(FIRST_SCREENS)) {
    if (!manifest[module]) continue
    const links = [...chunksOf(module)]
      .filter((file) => !indexHtml.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    pages.set(address, indexHtml.replace('</head>', `${links.join('')}</head>`))
  }
  return pages
}

/** Serves the built web app; any other non-API GET gets index.html so client-side routes load on refresh. */
export async function serveWebApp(app: HttpApp, root = WEB_DIST): Promise<void> {
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`The web app is not built (${root}). Run: npm run build:web`)
  }
  const pages = firstScreenPages(root, readFileSync(path.join(root, 'index.html'), 'utf8'))
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
    const page = pages.get(request.url.split('?')[0]!)
    if (page) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page)
    return reply.sendFile('index.html')
  })
}
