import { fieldLabelAt, messages, type Problem } from '@crm/contracts'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { WrongExpectedVersionError } from '../event-store/event-store'
import { DomainError, HttpProblem } from './problems'
import { valueAt, wrongTypeMessage, type TypeIssue } from './type-errors'
import { unavailableProblem } from './unavailable'

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

// Fastify's own 4xx (body parsing, content type, size): safe to explain, and never a 5xx.
const fastifyTitles: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Empty JSON body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_ERR_BAD_URL: 'Malformed URL: a part of the address is not valid text',
}
const statusTitles: Record<number, string> = {
  400: 'Bad request',
  401: messages.unauthorized,
  403: messages.forbidden,
  404: messages.notFound,
  405: 'Method not allowed',
  406: 'Not acceptable',
  413: 'Request body is too large',
  414: 'The address is too long',
  415: 'Unsupported content type',
  429: 'Too many requests',
}

/** `/address/state` (zod issue path as fastify reports it) → `address.state`; the root → the part's name. */
function fieldKey(instancePath: string, context: string | undefined): string {
  const key = instancePath.replace(/^\//, '').replace(/\//g, '.')
  return key || context || 'body'
}

/** What the request sent in the part that failed validation (body, querystring, params, headers). */
function sentPart(request: FastifyRequest | undefined, context: string | undefined): unknown {
  if (!request) return undefined
  switch (context) {
    case 'body':
      return request.body
    case 'querystring':
      return request.query
    case 'params':
      return request.params
    case 'headers':
      return request.headers
    default:
      return undefined
  }
}

function validationProblem(error: FastifyError, request?: FastifyRequest): Problem {
  const errors: Record<string, string> = {}
  const sent = sentPart(request, error.validationContext)
  for (const issue of error.validation ?? []) {
    const key = fieldKey(issue.instancePath, error.validationContext)
    if (key in errors) continue
    // A value of the wrong type says so; the schema's message (the product's) is for a missing value. Issues no
    // schema gave a message to already read as sentences (validation-messages.ts).
    const typeIssue: TypeIssue = { code: issue.keyword, ...(issue.params as Omit<TypeIssue, 'code'>) }
    const label = fieldLabelAt(issue.instancePath.split('/').filter(Boolean))
    const message = wrongTypeMessage(label, typeIssue, valueAt(sent, issue.instancePath)) ?? issue.message
    // The first message per field is the one the form shows.
    if (message) errors[key] = message
  }
  const messages = [...new Set(Object.values(errors))]
  return {
    type: 'about:blank',
    // One message (for one field or several) is the answer itself, as for badRequest; several are listed under
    // their fields.
    title: messages.length === 1 ? messages[0]! : 'Invalid request',
    status: 400,
    detail: messages.join('; '),
    errors,
  }
}

/** Maps anything thrown into the problem the client gets, or undefined for an unexpected error (a 500). */
export function toProblem(error: unknown, request?: FastifyRequest): Problem | undefined {
  if (error instanceof HttpProblem) return error.toProblem()
  if (error instanceof DomainError)
    return { type: 'about:blank', title: error.message, status: 422, detail: error.message }
  if (error instanceof WrongExpectedVersionError) {
    return { type: 'about:blank', title: messages.concurrentChange, status: 409, detail: messages.concurrentChange }
  }
  const fastifyError = error as FastifyError
  if (hasZodFastifySchemaValidationErrors(error) || Array.isArray(fastifyError?.validation)) {
    return validationProblem(fastifyError, request)
  }
  const status = fastifyError?.statusCode
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const title = fastifyTitles[fastifyError.code] ?? statusTitles[status] ?? 'Bad request'
    return { type: 'about:blank', title, status, detail: title }
  }
  return undefined
}

export function sendProblem(reply: FastifyReply, problem: Problem, headers: Record<string, string> = {}): FastifyReply {
  return (
    reply
      .code(problem.status)
      .headers(headers)
      .type(PROBLEM_CONTENT_TYPE)
      // Serialized here so that a route's response schema never applies to an error body.
      .send(JSON.stringify(problem))
  )
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const problem = toProblem(error, request)
    if (problem) {
      if (problem.status >= 500) request.log.error({ err: error }, 'request failed')
      else request.log.info({ status: problem.status, title: problem.title }, 'request rejected')
      return sendProblem(reply, problem, error instanceof HttpProblem ? error.extra.headers : {})
    }
    // The database, the disk or the job queue gone for the moment: a 503 in words, and the client tries again.
    const unavailable = unavailableProblem(error)
    if (unavailable) {
      request.log.warn({ err: error, title: unavailable.problem.title }, 'request refused: a dependency is unavailable')
      return sendProblem(reply, unavailable.problem, unavailable.headers)
    }
    // Internals (SQL, stack traces, library messages) go to the log only.
    request.log.error({ err: error }, 'unexpected error')
    return sendProblem(reply, { type: 'about:blank', title: messages.serverError, status: 500 })
  })
  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, {
      type: 'about:blank',
      title: messages.notFound,
      status: 404,
      detail: `${request.method} ${request.url.split('?')[0]!.slice(0, 200)}`,
    }),
  )
}
