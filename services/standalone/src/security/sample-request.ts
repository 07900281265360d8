import { randomUUID } from 'node:crypto'
import { z } from 'zod'

/** A JSON Schema node, as zod writes one (only what the sampler reads). */
type JsonSchema = {
  type?: string | string[]
  format?: string
  enum?: unknown[]
  const?: unknown
  default?: unknown
  minimum?: number
  exclusiveMinimum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  items?: JsonSchema
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  examples?: unknown[]
}

/** The JSON Schema of a route's zod schema (params, querystring or body), or undefined without one. */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
}

/**
 * The smallest value a schema accepts, as a careful client would send it: required properties only, the first
 * enum value, the minimum of a number, a fresh UUID for an id. Good enough to get past validation on most
 * routes, so that a test reaches the rule it is about.
 */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined
  if (schema.const !== undefined) return schema.const
  if (schema.default !== undefined) return schema.default
  if (schema.enum) return schema.enum[0]
  const options = schema.anyOf ?? schema.oneOf
  if (options) return sampleOf(options.find((o) => o.type !== 'null') ?? options[0])
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s) as object))
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'string':
      return sampleString(schema)
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1)
    case 'boolean':
      return false
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items))
    case 'object':
    case undefined: {
      if (!schema.properties) return type === 'object' ? {} : undefined
      const required = new Set(schema.required ?? [])
      return Object.fromEntries(
        Object.entries(schema.properties)
          .filter(([key]) => required.has(key))
          .map(([key, property]) => [key, sampleOf(property)]),
      )
    }
    default:
      return undefined
  }
}

function sampleString(schema: JsonSchema): string {
  // A field that gives an example (a phone: '(555) 123-4567') is sent that.
  if (typeof schema.examples?.[0] === 'string') return schema.examples[0]
  switch (schema.format) {
    case 'uuid':
      return randomUUID()
    case 'email':
      return 'someone@example.com'
    case 'date':
      return new Date().toISOString().slice(0, 10)
    case 'date-time':
      return new Date().toISOString()
    default:
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1))
  }
}

/** URL-encodes as an attacker would: a lone surrogate goes out as the bytes a careless encoder makes of it. */
export const encodeForUrl = (value: string) =>
  value
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('')

/**
 * A route's path with its parameters filled: those given as they are (encoded), the others with something of the
 * right shape from the route's params schema (a UUID, a number, a list name).
 */
export function pathOf(
  route: { url: string; schema: { params?: unknown } },
  params: Record<string, string> = {},
): string {
  const shapes = jsonSchemaOf(route.schema.params)?.properties ?? {}
  return route.url.replace(/:(\w+)/g, (_, name: string) =>
    encodeForUrl(name in params ? params[name]! : String(sampleOf(shapes[name]) ?? randomUUID())),
  )
}

/** A URL with a query string: objects as JSON, everything encoded, undefined values left out. */
export function withQuery(url: string, query: Record<string, unknown>): string {
  const pairs = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeForUrl(k)}=${encodeForUrl(typeof v === 'object' ? JSON.stringify(v) : String(v))}`)
  return pairs.length > 0 ? `${url}?${pairs.join('&')}` : url
}
