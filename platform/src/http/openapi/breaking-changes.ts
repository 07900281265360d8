/**
 * The API contract's one rule within a version (docs/decisions/015-api-contract.md): paths and fields are only
 * ever added. Compares an earlier OpenAPI document (the committed snapshot) with the served one and names every
 * change an existing client could break on:
 *
 * - an operation (method and path) that is gone;
 * - a success answer (2xx) that is gone, or a field of one: through objects, arrays, unions and `$ref`s;
 * - a request parameter that is gone, or became required, or a new required one;
 * - a request body that became required, or a field of it that became required or is new and required
 *   (at any depth the earlier body had; a new optional object may have required fields of its own).
 *
 * Everything else (new operations, new optional parameters and fields, new answer fields, new error statuses,
 * summaries and descriptions) passes. Pure: documents in, sentences out.
 */

type Schema = Record<string, unknown>
type Parameter = { name?: string; in?: string; required?: boolean; $ref?: string }
type Operation = {
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }>; $ref?: string }
  responses?: Record<string, { content?: Record<string, { schema?: Schema }>; $ref?: string }>
}
export type OpenApiDocument = {
  paths?: Record<string, Record<string, unknown>>
  components?: Record<string, Record<string, unknown>>
  [key: string]: unknown
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

/** Follows a local `$ref` (`#/components/...`) within its document, as often as it takes; unknown refs stay. */
function resolve<T>(document: OpenApiDocument, value: T, seen = new Set<string>()): T {
  const ref = (value as { $ref?: unknown } | undefined)?.$ref
  if (typeof ref !== 'string' || !ref.startsWith('#/') || seen.has(ref)) return value
  seen.add(ref)
  let target: unknown = document
  for (const part of ref.slice(2).split('/')) {
    target = (target as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')]
  }
  return target === undefined ? value : resolve(document, target as T, seen)
}

/** A schema with its `$ref` followed and its unions and intersections spread: every shape a value may take. */
function shapesOf(document: OpenApiDocument, schema: unknown, seen = new Set<unknown>()): Schema[] {
  const resolved = resolve(document, schema as Schema)
  if (!resolved || typeof resolved !== 'object' || seen.has(resolved)) return []
  seen.add(resolved)
  const nested = ['allOf', 'anyOf', 'oneOf'].flatMap((key) =>
    Array.isArray(resolved[key]) ? (resolved[key] as unknown[]).flatMap((s) => shapesOf(document, s, seen)) : [],
  )
  return [resolved, ...nested]
}

/** The named fields of a value's shapes, each with the schemas it has among them. */
function fieldsOf(document: OpenApiDocument, schemas: unknown[]): Map<string, unknown[]> {
  const fields = new Map<string, unknown[]>()
  for (const shape of schemas.flatMap((s) => shapesOf(document, s))) {
    for (const [name, field] of Object.entries((shape.properties as Record<string, unknown> | undefined) ?? {})) {
      fields.set(name, [...(fields.get(name) ?? []), field])
    }
  }
  return fields
}

/** The item schemas of a value's array shapes. */
const itemsOf = (document: OpenApiDocument, schemas: unknown[]): unknown[] =>
  schemas.flatMap((s) => shapesOf(document, s)).flatMap((shape) => (shape.items ? [shape.items] : []))

/** The fields a value's shapes require, in every shape alike (a field one union member requires is optional). */
function requiredOf(document: OpenApiDocument, schemas: unknown[]): Set<string> {
  const objects = schemas
    .flatMap((s) => shapesOf(document, s))
    .filter((shape) => shape.properties !== undefined || shape.required !== undefined)
  if (objects.length === 0) return new Set()
  const sets = objects.map((shape) => new Set((shape.required as string[] | undefined) ?? []))
  // Intersection over the shapes of one level: allOf members are listed apart, so a union of all required
  // would be closer for them; the zod documents put a value's fields in one object, where both agree.
  return new Set([...sets[0]!].filter((name) => sets.every((set) => set.has(name))))
}

const ids = new WeakMap<object, number>()
let nextId = 1
const idOf = (value: unknown) => {
  if (!value || typeof value !== 'object') return 0
  if (!ids.has(value)) ids.set(value, nextId++)
  return ids.get(value)!
}
/** Whether this pair of schemas was compared already (a recursive schema comes back to itself through `$ref`). */
function compared(seen: Set<string>, before: unknown[], after: unknown[]): boolean {
  const key = `${before.map(idOf).join(',')}|${after.map(idOf).join(',')}`
  if (seen.has(key)) return true
  seen.add(key)
  return false
}

type Documents = { before: OpenApiDocument; after: OpenApiDocument }

/** What one comparison looks for as it walks an earlier schema beside a later one. */
type Comparison = {
  /** The changes at one level of the value (before its fields are compared), named with `path`. */
  atLevel?: (before: unknown[], after: unknown[], path: (field: string) => string) => string[]
  /** Whether a field the earlier schema had and the later one lacks is a change to name (it is for answers). */
  namesRemovedFields: boolean
}

/**
 * One walk for answers and request bodies: `before` and `after` side by side at `where`, through the fields both
 * have (objects, unions, `$ref`s) and array items, `comparison` naming what breaks at each level. A field only the
 * later schema has is not walked: rules inside a new optional object bind no earlier client. `seen`: the pairs
 * already compared (recursive schemas).
 */
function compareSchemas(
  documents: Documents,
  comparison: Comparison,
  before: unknown[],
  after: unknown[],
  where: string,
  seen: Set<string>,
): string[] {
  if (compared(seen, before, after)) return []
  const path = (field: string) => (where ? `${where}.${field}` : field)
  const found = comparison.atLevel?.(before, after, path) ?? []
  const fieldsAfter = fieldsOf(documents.after, after)
  for (const [field, schemas] of fieldsOf(documents.before, before)) {
    const now = fieldsAfter.get(field)
    if (now) found.push(...compareSchemas(documents, comparison, schemas, now, path(field), seen))
    else if (comparison.namesRemovedFields) found.push(path(field))
  }
  const itemsBefore = itemsOf(documents.before, before)
  if (itemsBefore.length > 0) {
    const itemsAfter = itemsOf(documents.after, after)
    found.push(...compareSchemas(documents, comparison, itemsBefore, itemsAfter, `${where}[]`, seen))
  }
  return found
}

/** The fields an answer lost, at any depth. */
const removedFields = (documents: Documents, before: unknown[], after: unknown[]): string[] =>
  compareSchemas(documents, { namesRemovedFields: true }, before, after, '', new Set())

/** Fields of a request body that became required (or are new and required), at any depth the earlier body had. */
function newlyRequired(documents: Documents, before: unknown[], after: unknown[]): string[] {
  const comparison: Comparison = {
    namesRemovedFields: false,
    atLevel: (levelBefore, levelAfter, path) => {
      const requiredBefore = requiredOf(documents.before, levelBefore)
      return [...requiredOf(documents.after, levelAfter)].filter((f) => !requiredBefore.has(f)).map(path)
    },
  }
  return compareSchemas(documents, comparison, before, after, '', new Set())
}

const schemasOf = (content: Record<string, { schema?: Schema }> | undefined): unknown[] =>
  Object.values(content ?? {}).flatMap((media) => (media.schema ? [media.schema] : []))

function parametersOf(document: OpenApiDocument, operation: Operation): Map<string, Parameter> {
  const parameters = (operation.parameters ?? []).map((p) => resolve(document, p))
  return new Map(parameters.map((p) => [`${p.in} parameter ${p.name}`, p]))
}

/** What a client of `before` would break on in `after`: one sentence per change, none when it only grew. */
export function breakingChanges(before: OpenApiDocument, after: OpenApiDocument): string[] {
  const documents: Documents = { before, after }
  const found: string[] = []
  for (const [path, itemBefore] of Object.entries(before.paths ?? {})) {
    for (const method of METHODS) {
      const operationBefore = itemBefore[method] as Operation | undefined
      if (!operationBefore) continue
      const name = `${method.toUpperCase()} ${path}`
      const operationAfter = after.paths?.[path]?.[method] as Operation | undefined
      if (!operationAfter) {
        found.push(`${name}: the operation was removed`)
        continue
      }
      // Answers: every success status and every field of its body stay.
      for (const [status, responseBefore] of Object.entries(operationBefore.responses ?? {})) {
        if (!status.startsWith('2')) continue
        const responseAfter = operationAfter.responses?.[status]
        if (!responseAfter) {
          found.push(`${name}: the ${status} answer was removed`)
          continue
        }
        const fields = removedFields(
          documents,
          schemasOf(resolve(before, responseBefore).content),
          schemasOf(resolve(after, responseAfter).content),
        )
        for (const field of fields) found.push(`${name}: the field ${field} of its ${status} answer was removed`)
      }
      // Parameters: none disappears, none becomes required, no new one is required.
      const parametersBefore = parametersOf(before, operationBefore)
      const parametersAfter = parametersOf(after, operationAfter)
      for (const [key, parameter] of parametersBefore) {
        const now = parametersAfter.get(key)
        if (!now) found.push(`${name}: its ${key} was removed`)
        else if (now.required && !parameter.required) found.push(`${name}: its ${key} became required`)
      }
      for (const [key, parameter] of parametersAfter) {
        if (!parametersBefore.has(key) && parameter.required) found.push(`${name}: a new ${key} is required`)
      }
      // The body: it and its fields become required only where they were.
      const bodyBefore = operationBefore.requestBody && resolve(before, operationBefore.requestBody)
      const bodyAfter = operationAfter.requestBody && resolve(after, operationAfter.requestBody)
      if (bodyAfter?.required && !bodyBefore?.required) found.push(`${name}: its request body became required`)
      if (bodyAfter) {
        const fields = newlyRequired(documents, schemasOf(bodyBefore?.content), schemasOf(bodyAfter.content))
        for (const field of fields) found.push(`${name}: the request field ${field} became required`)
      }
    }
  }
  return found
}
