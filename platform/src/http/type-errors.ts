/**
 * A value of the wrong type deserves a message that says so. The product's messages ('Please add name') are for a
 * value that is missing; zod gives the same issue for `name: 12345`. This tells the two apart by looking at what
 * the caller sent: a present value whose kind the schema does not accept answers "Name must be text".
 */

type Kind = 'text' | 'number' | 'boolean' | 'list' | 'object'

const phrases: Record<Kind, string> = {
  text: 'text',
  number: 'a number',
  boolean: 'true or false',
  list: 'a list',
  object: 'an object',
}

/** zod's `expected` of an invalid_type issue, by the kind of JSON value it accepts. */
const kindsOfExpected: Record<string, Kind> = {
  string: 'text',
  number: 'number',
  int: 'number',
  bigint: 'number',
  boolean: 'boolean',
  array: 'list',
  tuple: 'list',
  set: 'list',
  object: 'object',
  record: 'object',
  map: 'object',
}

/** The part of a zod issue this needs, as fastify-type-provider-zod passes it on (`code` is its `keyword`). */
export interface TypeIssue {
  code: string
  expected?: unknown
  values?: unknown
  errors?: unknown
  path?: unknown
}

function kindOfValue(value: unknown): Kind | undefined {
  if (Array.isArray(value)) return 'list'
  switch (typeof value) {
    case 'string':
      return 'text'
    case 'number':
    case 'bigint':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'object':
      return value === null ? undefined : 'object'
    default:
      return undefined
  }
}

/** The kinds of value an issue says were acceptable, or undefined when it does not tell (a format, a range...). */
function acceptedKinds(issue: TypeIssue): Set<Kind> | undefined {
  if (issue.code === 'invalid_type') {
    const kind = typeof issue.expected === 'string' ? kindsOfExpected[issue.expected] : undefined
    return kind ? new Set([kind]) : undefined
  }
  if (issue.code === 'invalid_value' && Array.isArray(issue.values)) {
    const kinds = issue.values.map(kindOfValue)
    return kinds.every((kind) => kind !== undefined) ? new Set(kinds as Kind[]) : undefined
  }
  if (issue.code === 'invalid_union' && Array.isArray(issue.errors)) {
    const accepted = new Set<Kind>()
    for (const branch of issue.errors as TypeIssue[][]) {
      // Only the branch's issues about the value itself say what it accepts (not those of its fields).
      const own = branch.filter((inner) => !Array.isArray(inner.path) || inner.path.length === 0)
      if (own.length === 0) return undefined
      for (const inner of own) {
        const kinds = acceptedKinds(inner)
        if (!kinds) return undefined
        kinds.forEach((kind) => accepted.add(kind))
      }
    }
    return accepted.size > 0 ? accepted : undefined
  }
  return undefined
}

/**
 * "Name must be text" (`label` names the field in words) when `sent` is present (not undefined or null, which are
 * a missing value) and of a kind the issue does not accept; undefined otherwise (the schema's own message stands).
 */
export function wrongTypeMessage(label: string, issue: TypeIssue, sent: unknown): string | undefined {
  const sentKind = kindOfValue(sent)
  if (sentKind === undefined) return undefined
  const accepted = acceptedKinds(issue)
  if (!accepted || accepted.has(sentKind)) return undefined
  const wanted = [...accepted].map((kind) => phrases[kind]).join(' or ')
  return `${label} must be ${wanted}`
}

/** The value at a validation issue's instance path (`/address/state`) inside what the request sent. */
export function valueAt(root: unknown, instancePath: string): unknown {
  const steps = instancePath.split('/').filter(Boolean)
  let node: unknown = root
  for (const step of steps) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[step]
  }
  return node
}
