import type { FastifyInstance } from 'fastify'

/** What every answer under the API prefix says to caches. */
export const API_CACHE_CONTROL = 'no-store'

/**
 * API answers carry personal and credit data (contacts, applicants, their files and the application PDF): no
 * browser or proxy cache may keep one, whatever the route set. One hook for every answer under `prefix`, errors
 * and unknown paths included; the web app's own files (outside the prefix) keep their caching. Streams that
 * take the socket over (server-sent events) write their own headers and say `no-store` themselves.
 */
export function registerApiCacheControl(app: FastifyInstance, prefix: string): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (underPrefix(request.url, prefix)) reply.header('cache-control', API_CACHE_CONTROL)
    done(null, payload)
  })
}

/** `url` (path and query) is `prefix` itself or a path below it; read in place, without splitting off the query. */
export function underPrefix(url: string, prefix: string): boolean {
  if (!url.startsWith(prefix)) return false
  const next = url.charCodeAt(prefix.length)
  // The end, '/' or '?'.
  return Number.isNaN(next) || next === 47 || next === 63
}
