import { fieldLabel, fieldLabelAt } from '@crm/contracts'
import { z } from 'zod'

/**
 * What a 400 says when the schema has no message of its own: a sentence that names the field in words and says
 * what to send ("Amount financed must be at most 1000000000", "Application type must be one of: Loan, Lease"),
 * never the validator's wording ("Too big: expected number to be <=8"). The product's messages (docs/product.md
 * section 5, in the schemas' `error`) come first: zod asks this only for an issue no schema gave a message to.
 */

/** The part of a zod issue (as zod hands it to an error map, before it is finalized) that a sentence needs. */
export interface RawIssue {
  code?: string
  path?: readonly PropertyKey[]
  input?: unknown
  expected?: string
  origin?: string
  maximum?: number | bigint | Date
  minimum?: number | bigint | Date
  inclusive?: boolean
  exact?: boolean
  format?: string
  prefix?: string
  suffix?: string
  includes?: string
  divisor?: number | bigint
  keys?: readonly string[]
  values?: readonly unknown[]
  errors?: readonly (readonly RawIssue[])[]
}

const kinds: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  nan: 'a number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  set: 'a list',
  object: 'an object',
  record: 'an object',
  map: 'an object',
  date: 'a date',
  file: 'a file',
  null: 'empty',
}

const formats: Record<string, string> = {
  email: 'must be an email address',
  uuid: 'must be a valid ID',
  guid: 'must be a valid ID',
  cuid: 'must be a valid ID',
  cuid2: 'must be a valid ID',
  ulid: 'must be a valid ID',
  nanoid: 'must be a valid ID',
  date: 'must be a date (YYYY-MM-DD)',
  datetime: 'must be a date and time (ISO 8601: 2026-01-31T09:00:00Z)',
  time: 'must be a time (HH:MM)',
  duration: 'must be a duration (ISO 8601)',
  url: 'must be a web address',
  ipv4: 'must be an IP address',
  ipv6: 'must be an IP address',
  base64: 'must be base64 text',
  base64url: 'must be base64url text',
  jwt: 'must be a token',
  lowercase: 'must be in lower case',
  uppercase: 'must be in upper case',
}

/** How a choice reads: `lease` → "Lease", `full_time` → "Full time"; numbers and flags as they are. */
function choice(value: unknown): string {
  if (typeof value !== 'string') return String(value)
  if (value === '') return '(empty)'
  const words = value.replace(/_/g, ' ')
  return words[0]!.toUpperCase() + words.slice(1)
}

function oneOf(label: string, values: readonly unknown[]): string {
  if (values.length === 1) return `${label} must be ${choice(values[0])}`
  if (values.length > 12) return `${label} must be one of its listed choices`
  return `${label} must be one of: ${values.map(choice).join(', ')}`
}

const plural = (n: number | bigint, word: string) => `${n} ${word}${Number(n) === 1 ? '' : 's'}`

function limit(value: number | bigint | Date | undefined): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return String(value)
}

function sizeMessage(label: string, issue: RawIssue, big: boolean): string {
  const bound = big ? issue.maximum : issue.minimum
  const n = typeof bound === 'number' || typeof bound === 'bigint' ? bound : 0
  const inclusive = issue.inclusive !== false
  switch (issue.origin) {
    case 'string':
      if (issue.exact) return `${label} must be exactly ${plural(n, 'character')}`
      if (!big && Number(n) <= 1) return `${label} is required`
      return `${label} must be ${big ? 'at most' : 'at least'} ${plural(n, 'character')}`
    case 'array':
    case 'set':
      if (issue.exact) return `${label} must have exactly ${plural(n, 'item')}`
      return big ? `${label} must have at most ${plural(n, 'item')}` : `${label} needs at least ${plural(n, 'item')}`
    case 'file':
      return `${label} must be ${big ? 'at most' : 'at least'} ${plural(n, 'byte')}`
    case 'date':
      return `${label} must be ${big ? 'on or before' : 'on or after'} ${limit(bound)}`
    default:
      if (big) return `${label} must be ${inclusive ? 'at most' : 'less than'} ${limit(bound)}`
      return `${label} must be ${inclusive ? 'at least' : 'more than'} ${limit(bound)}`
  }
}

/** The kinds a union's branches accept, when each branch is about the value itself (not its fields). */
function unionMessage(label: string, issue: RawIssue): string {
  const branches = issue.errors ?? []
  const own = branches.map((branch) => branch.filter((inner) => (inner.path ?? []).length === 0))
  if (branches.length > 0 && own.every((branch) => branch.length > 0)) {
    const all = own.flat()
    if (all.every((inner) => inner.code === 'invalid_value')) {
      return oneOf(label, [...new Set(all.flatMap((inner) => inner.values ?? []))])
    }
    const accepted = all.map((inner) => (inner.code === 'invalid_type' ? kinds[inner.expected ?? ''] : undefined))
    if (accepted.every(Boolean)) {
      const wanted = [...new Set(accepted)].filter((kind) => kind !== 'empty')
      if (wanted.length > 0) return `${label} must be ${wanted.join(' or ')}`
    }
  }
  return `${label} is not valid: check it and try again`
}

/** The sentence for one issue; `label` names the field (by default from the issue's path). */
export function validationMessage(issue: RawIssue, label = fieldLabelAt(issue.path ?? [])): string {
  const missing = issue.input === undefined || issue.input === null
  switch (issue.code) {
    case 'invalid_type':
      if (issue.expected === 'never' || issue.expected === 'undefined') return `${label} must be left out`
      if (missing && issue.expected !== 'null') return `${label} is required`
      return `${label} must be ${kinds[issue.expected ?? ''] ?? 'of another kind'}`
    case 'too_big':
      return sizeMessage(label, issue, true)
    case 'too_small':
      return sizeMessage(label, issue, false)
    case 'invalid_format':
      if (issue.format === 'starts_with') return `${label} must start with ${issue.prefix}`
      if (issue.format === 'ends_with') return `${label} must end with ${issue.suffix}`
      if (issue.format === 'includes') return `${label} must include ${issue.includes}`
      return `${label} ${formats[issue.format ?? ''] ?? 'is not in the expected format: check it and try again'}`
    case 'not_multiple_of':
      return `${label} must be a multiple of ${issue.divisor}`
    case 'unrecognized_keys': {
      const keys = (issue.keys ?? []).map((key) => fieldLabel(key))
      return `${keys.join(', ')} ${keys.length === 1 ? 'is not a field' : 'are not fields'} of ${label === 'The request body' ? 'this request' : label}: leave ${keys.length === 1 ? 'it' : 'them'} out`
    }
    case 'invalid_union':
      if (missing) return `${label} is required`
      return unionMessage(label, issue)
    case 'invalid_value':
      if (missing) return `${label} is required`
      return oneOf(label, issue.values ?? [])
    case 'invalid_key':
      return `${label} has a key that is not valid`
    case 'invalid_element':
      return `${label} has an item that is not valid`
    default:
      if (missing) return `${label} is required`
      return `${label} is not valid: check it and try again`
  }
}

let installed = false

/**
 * Makes `validationMessage` zod's message for every issue no schema gave one to, in this process: the route
 * schemas Fastify runs and the schemas routes parse themselves (list filters inside `options`) alike.
 */
export function useValidationMessages(): void {
  if (installed) return
  installed = true
  z.config({ customError: (issue) => validationMessage(issue as RawIssue) })
}
