import type { ProblemStatus } from './problem-responses'

/** What the document needs to know of one route to list the errors it can answer. */
export interface RouteFacts {
  method: string
  /** Fastify's path, `/api/v1/contacts/:id`. */
  url: string
  public: boolean
  /** Takes a body (JSON or multipart). */
  hasBody: boolean
  /** Names of what it takes in its path, query string and body. */
  inputs: readonly string[]
  /** Errors the route answers beyond those its shape implies (route config `openapi.errors`). */
  extraErrors?: readonly ProblemStatus[]
}

/** A field or parameter that names a record: the record may be missing or hidden (404). */
const NAMES_RECORD = /(^id$|Ids?$|^key$)/

/**
 * The errors a route can answer, from its shape: 400 when it takes anything (X-Min-Position included), 401/403
 * unless public, 404 when it names a record, 409/422 for commands (a concurrent change, a business rule),
 * 413/415 when it takes a body, and 503 from any: the database, the disk or the job queue may be unavailable for
 * a moment (decision 056).
 */
export function errorsOf(route: RouteFacts): ProblemStatus[] {
  const errors = new Set<ProblemStatus>(route.extraErrors ?? [])
  errors.add(503)
  const command = route.method !== 'GET' && route.method !== 'HEAD'
  // Every protected route also reads X-Min-Position, and refuses one that is not a position.
  if (route.hasBody || route.inputs.length > 0 || !route.public) errors.add(400)
  if (!route.public) {
    errors.add(401)
    errors.add(403)
    if (command) {
      errors.add(409)
      errors.add(422)
    }
  }
  if (route.url.includes('/:') || route.inputs.some((name) => NAMES_RECORD.test(name))) errors.add(404)
  if (route.hasBody) {
    errors.add(413)
    errors.add(415)
  }
  return [...errors].sort((a, b) => a - b)
}

const words = (text: string) => text.split(/[^A-Za-z0-9]+/).filter(Boolean)
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1)

/**
 * A stable operationId from the method and path, the name of the function a generated client gets:
 * `GET /api/v1/contacts/history/:id` → `getContactsHistoryById`.
 */
export function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\/v\d+/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['By', ...words(segment.slice(1)).map(capital)] : words(segment).map(capital),
    )
  return `${method.toLowerCase()}${parts.join('')}`
}
