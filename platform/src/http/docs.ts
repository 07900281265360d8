import fastifySwagger, { type SwaggerTransformObject } from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance, RouteOptions } from 'fastify'
import { createJsonSchemaTransform } from 'fastify-type-provider-zod'
import { completeDocument, type OperationExtras } from './openapi/document'
import { jsonContentParameters } from './openapi/json-query'
import { errorsOf, operationIdOf } from './openapi/operation-facts'
import './route-config'

export const DOCS_PREFIX = '/api/v1/docs'

/** What each tag of the document is about (a tag is an area of the API; routes name theirs). */
const tagDescriptions: Record<string, string> = {
  auth: 'Logging in and out, tokens, password resets, access tickets',
  users: 'User accounts and their settings (administrators)',
  divisions: 'Divisions and memberships',
  'system-config': 'Settings per division',
  contacts: 'Contacts: create, read, edit, delete, assign',
  'contact lifecycle': 'Statuses and their transitions per division',
  'contact lists': 'The lists of contacts by status and division, paged on the server',
  'contact export': 'Contact lists as Excel files',
  'advanced search': 'Searching all contacts by any of their fields',
  'red flags': 'Warnings about a contact',
  'additional contacts': 'More people at a contact',
  'personal notes': "A user's own notes on a contact",
  lessees: 'The carrier an owner operator leases onto',
  'business cards': 'A scanned business card per contact',
  activities: 'Calls, emails and other activities logged on contacts',
  'shared notes': 'Notes on a contact every viewer sees',
  comments: 'Comments on a contact',
  attachments: 'Files of tasks and activities',
  tasks: 'Tasks on contacts: create, complete, follow up',
  meetings: 'Meetings on the calendar',
  calendar: 'Tasks and meetings by day',
  notifications: "The caller's notifications",
  'filter presets': 'Saved list filters',
  'lead import': 'Importing leads from spreadsheets',
  jobs: 'Background jobs such as lead imports',
  mail: 'The mail outbox (administrators)',
  changes: 'Server-sent events when read models move',
  health: 'Whether the service is up',
}

type Transform = ReturnType<typeof createJsonSchemaTransform>
type TransformInput = Parameters<Transform>[0] & { route: RouteOptions }
type Transformed = { schema: Record<string, unknown> & { hide?: boolean }; url: string }

const properties = (schema: unknown) => Object.keys((schema as { properties?: object } | undefined)?.properties ?? {})

/**
 * OpenAPI generated from the routes' zod schemas (docs/architecture.md, "The public API";
 * docs/decisions/015-api-contract.md). Each operation gets an operationId from its method and path, the errors its
 * shape implies (one ProblemDetails schema), its file or stream answer from route config `openapi`, and JSON query
 * parameters as `content`. Must be registered before any route: @fastify/swagger collects routes as they are added.
 */
export async function registerDocs(app: FastifyInstance, info: { title: string; version: string }): Promise<void> {
  // Public routes say so in the document: their `security` is empty.
  app.addHook('onRoute', (route) => {
    if (route.config?.public) route.schema = { ...route.schema, security: [] } as typeof route.schema
  })
  const zodTransform = createJsonSchemaTransform({ skipList: [] })
  const extras = new Map<string, OperationExtras>()
  const transform = (input: TransformInput): Transformed => {
    const transformed = zodTransform(input) as Partial<Transformed>
    // A route without a schema is documented all the same (its operationId, its errors).
    const out = { url: input.url, ...transformed, schema: transformed.schema ?? {} }
    if (out.schema.hide) return out
    const { route } = input
    const method = String(Array.isArray(route.method) ? route.method[0] : route.method)
    const operationId = (out.schema.operationId as string | undefined) ?? operationIdOf(method, route.url)
    const inputs = [...properties(out.schema.params), ...properties(out.schema.querystring)]
    // Fastify reads a body on any method but GET and HEAD: a DELETE with a broken one is a 400 or 415 too.
    const hasBody = Boolean(out.schema.body) || (method !== 'GET' && method !== 'HEAD')
    extras.set(operationId, {
      errors: errorsOf({
        method,
        url: route.url,
        public: route.config?.public === true,
        hasBody,
        inputs: [...inputs, ...properties(out.schema.body)],
        extraErrors: route.config?.openapi?.errors,
      }),
      answer: route.config?.openapi,
    })
    return {
      ...out,
      schema: { ...out.schema, operationId, querystring: jsonContentParameters(out.schema.querystring) },
    }
  }
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { ...info, description: 'Errors are application/problem+json (RFC 9457); see docs/api.md.' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: transform as Transform,
    transformObject: (documentObject) =>
      completeDocument(
        (documentObject as { openapiObject: Parameters<typeof completeDocument>[0] }).openapiObject,
        (id) => extras.get(id),
        tagDescriptions,
      ) as unknown as ReturnType<SwaggerTransformObject>,
  })
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX })
}
