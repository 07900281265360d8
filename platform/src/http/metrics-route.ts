import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasPermission, type RequestUser } from '../auth/request-user'
import { httpRequestDuration, httpRequests, metricsRegistry } from '../metrics/metrics'
import { unauthorized } from './problems'
import './route-config'

/** Beside /api/v1, not under it: where Prometheus scrapes each process (docs/operations.md "Metrics and alerts"). */
export const METRICS_PATH = '/metrics'

/** Label of a request no route matched: the raw URL never becomes a label (ids, guesses, attacks). */
export const UNMATCHED_ROUTE = 'unmatched'

const digest = (text: string) => createHash('sha256').update(text).digest()

/** The same time whatever the token and however much of it matches (digests have one length). */
export function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}

function bearerOf(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
}

/**
 * Counts every answer of the app (request count and latency by route pattern and status), and serves GET /metrics
 * to an administrator's bearer token or to METRICS_TOKEN from configuration; anyone else gets a 401.
 */
export function registerMetrics(app: FastifyInstance, options: { metricsToken?: string }): void {
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    }
    httpRequests.inc(labels)
    httpRequestDuration.observe(labels, reply.elapsedTime / 1000)
    done()
  })

  app.get(
    METRICS_PATH,
    {
      // An administrator's token is checked as on any API route; a wrong one is simply not an administrator.
      config: { public: true, identifiesCaller: true },
      // Not part of the /api/v1 contract: the Prometheus text format is its own.
      schema: { hide: true },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const token = bearerOf(request)
      const byToken =
        options.metricsToken !== undefined && token !== undefined && sameToken(token, options.metricsToken)
      const user = request.user as RequestUser | null | undefined
      const byAdministrator = Boolean(user) && hasPermission(user!, 'admin')
      if (!byToken && !byAdministrator) {
        throw unauthorized(token ? 'Not an administrator’s token or the metrics token' : 'Missing bearer token')
      }
      return reply
        .header('content-type', metricsRegistry.contentType)
        .header('cache-control', 'no-store')
        .send(await metricsRegistry.metrics())
    },
  )
}
