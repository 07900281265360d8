import { problemSchema } from '@crm/contracts'
import { z } from 'zod'

/**
 * The errors of the API as the document names them: one ProblemDetails schema (application/problem+json, RFC
 * 9457) and one reusable response per status, each pointing at it (docs/api.md, "Errors").
 */
export const PROBLEM_SCHEMA_NAME = 'ProblemDetails'

const problemResponses = {
  400: ['BadRequest', 'The request is not valid: `errors` maps each field to its message.'],
  401: ['Unauthorized', 'No token, an expired one, or a session that ended.'],
  403: ['Forbidden', 'The caller lacks the permission for this call.'],
  404: ['NotFound', 'No such record, or one the caller may not see (answered alike).'],
  409: ['Conflict', 'Someone changed the record at the same moment: read again and retry.'],
  413: ['PayloadTooLarge', 'The request body is larger than the API accepts.'],
  415: ['UnsupportedMediaType', 'The request body is not of a type the call takes.'],
  422: ['UnprocessableContent', 'A business rule said no: `title` is the message to show.'],
  429: ['TooManyRequests', 'Too many attempts: wait `Retry-After` seconds.'],
  502: ['BadGateway', 'A service the call reads from (outside this product) failed or could not be reached.'],
  503: [
    'ServiceUnavailable',
    'Not served right now (the database, the disk or the job queue unavailable, or a report still being built): `title` says which; try again after `Retry-After` seconds.',
  ],
} as const satisfies Record<number, readonly [string, string]>

export type ProblemStatus = keyof typeof problemResponses
export const problemStatuses = Object.keys(problemResponses).map(Number) as ProblemStatus[]

export const problemResponseRef = (status: ProblemStatus) => ({
  $ref: `#/components/responses/${problemResponses[status][0]}`,
})

/** components.schemas.ProblemDetails and components.responses for the statuses in use. */
export function problemComponents(used: ReadonlySet<ProblemStatus>) {
  const { $schema: _, ...schema } = z.toJSONSchema(problemSchema, { io: 'output', target: 'draft-2020-12' }) as {
    $schema?: string
  }
  const content = { 'application/problem+json': { schema: { $ref: `#/components/schemas/${PROBLEM_SCHEMA_NAME}` } } }
  const responses = Object.fromEntries(
    problemStatuses
      .filter((status) => used.has(status))
      .map((status) => {
        const [name, description] = problemResponses[status]
        const headers =
          status === 429 || status === 503
            ? { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } } }
            : undefined
        return [name, { description, content, ...(headers && { headers }) }]
      }),
  )
  return { schemas: { [PROBLEM_SCHEMA_NAME]: schema }, responses }
}
