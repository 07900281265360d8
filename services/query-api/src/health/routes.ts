import { hasPermission, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { healthSchema, readHealth, type HealthSources } from './health'

export function healthRoutes(api: HttpApp, { db, sources }: { db: Kysely<unknown>; sources: HealthSources }): void {
  api.get(
    '/health',
    {
      config: { public: true, identifiesCaller: true },
      schema: {
        tags: ['health'],
        summary: 'Up or down; with an administrator’s token, each projection’s checkpoint and lag',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (request, reply) => {
      try {
        const health = await readHealth(db, sources)
        // Projection names, versions and positions are internals: only administrators see them.
        return request.user && hasPermission(request.user, 'admin') ? health : { status: health.status }
      } catch (error) {
        // No checkpoints table yet: the projector has not started; reads work but nothing is projected.
        if ((error as { code?: string }).code === '42P01') return { status: 'degraded' as const }
        // Load balancers need a plain "down", not a problem document; the cause goes to the log.
        request.log.error({ err: error }, 'health check failed')
        return reply.code(503).send({ status: 'down' as const })
      }
    },
  )
}
