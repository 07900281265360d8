import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { createJsonSchemaTransform } from 'fastify-type-provider-zod'
import './route-config'

export const DOCS_PREFIX = '/api/v1/docs'

/**
 * OpenAPI generated from the routes' zod schemas (docs/architecture.md, "The public API"). Must be registered
 * before any route: @fastify/swagger collects routes as they are added.
 */
export async function registerDocs(app: FastifyInstance, info: { title: string; version: string }): Promise<void> {
  // Public routes say so in the document: their `security` is empty.
  app.addHook('onRoute', (route) => {
    if (route.config?.public) route.schema = { ...route.schema, security: [] } as typeof route.schema
  })
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { ...info, description: 'Errors are application/problem+json (RFC 9457).' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
  })
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX })
}
