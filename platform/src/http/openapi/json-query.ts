import { z } from 'zod'

/**
 * A query parameter that carries JSON (`?options=<JSON>`): the route parses the text, the document shows the JSON's
 * own schema as the parameter's `application/json` content. `documentedAsJson` marks the text schema with it
 * (JSON Schema's contentMediaType / contentSchema); the document's transform turns the mark into a content
 * parameter (jsonContentParameters).
 */
export function documentedAsJson<T extends z.ZodType>(text: T, content: z.ZodType): T {
  const { $schema: _, ...schema } = z.toJSONSchema(content, { io: 'input', unrepresentable: 'any' }) as {
    $schema?: string
  }
  return text.meta({ contentMediaType: 'application/json', contentSchema: schema })
}

type JsonSchema = { properties?: Record<string, Record<string, unknown>>; [key: string]: unknown }

/** The querystring schema with each JSON-carrying property replaced by its content schema, for @fastify/swagger. */
export function jsonContentParameters(querystring: unknown): unknown {
  const schema = querystring as JsonSchema | undefined
  if (!schema?.properties) return querystring
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, property]) => {
      if (property.contentMediaType !== 'application/json' || !property.contentSchema) return [name, property]
      const described = property.description ? { description: property.description } : {}
      // @fastify/swagger writes a property marked x-consume as a parameter with `content` of that media type.
      return [name, { ...(property.contentSchema as object), ...described, 'x-consume': 'application/json' }]
    }),
  )
  return { ...schema, properties }
}
