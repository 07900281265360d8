import type { ProblemStatus } from './problem-responses'
import { problemComponents, problemResponseRef } from './problem-responses'
import { answerResponses, type OpenApiAnswer } from './answers'

/** What the document adds to one operation, found while its route was transformed (docs.ts). */
export interface OperationExtras {
  errors: readonly ProblemStatus[]
  answer?: OpenApiAnswer
}

type Operation = {
  operationId?: string
  summary?: string
  tags?: string[]
  responses?: Record<
    string,
    { description?: string; content?: Record<string, unknown>; headers?: object; $ref?: string }
  >
}
type Document = {
  info: Record<string, unknown>
  paths?: Record<string, Record<string, Operation>>
  components?: Record<string, Record<string, unknown>>
  [key: string]: unknown
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

/** Every operation of the document with its method and path. */
export function operationsOf(document: Document): { path: string; method: string; operation: Operation }[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ path, method, operation })),
  )
}

const successDescriptions: Record<string, string> = {
  '200': 'The answer',
  '201': 'Created',
  '202': 'Accepted: the work goes on in the background',
  '204': 'Done; no body',
}

/** The responses of an operation with its file or stream answer and its errors. */
function completeResponses(operation: Operation, extras: OperationExtras): Operation['responses'] {
  const responses = { ...operation.responses }
  for (const [status, response] of Object.entries(responses)) {
    // @fastify/swagger's placeholder, where the schema gave no description.
    if (response.description === 'Default Response') {
      responses[status] = { ...response, description: successDescriptions[status] ?? 'The answer' }
    }
  }
  for (const [status, answer] of Object.entries(answerResponses(extras.answer))) {
    const existing = responses[status]
    // A JSON answer that can also be a file (an export option) lists both media types.
    responses[status] = existing?.content
      ? { ...existing, content: { ...existing.content, ...answer.content }, headers: answer.headers }
      : answer
  }
  // A route's own answer for a status (the health check's 503 body) stays as the route declares it.
  for (const status of extras.errors) responses[String(status)] ??= problemResponseRef(status)
  return responses
}

/**
 * The finished document: each operation's errors (one ProblemDetails schema), file and stream answers, and the
 * document-wide parts (tags with descriptions, servers, license). A missing summary or a repeated operationId is
 * for `redocly lint` in CI to refuse.
 */
export function completeDocument(
  document: Document,
  extrasOf: (operationId: string) => OperationExtras | undefined,
  tagDescriptions: Record<string, string>,
): Document {
  const used = new Set<ProblemStatus>()
  const tags = new Set<string>()
  const paths: NonNullable<Document['paths']> = {}
  for (const { path, method, operation } of operationsOf(document)) {
    const extras = extrasOf(operation.operationId ?? '') ?? { errors: [] }
    extras.errors.forEach((status) => used.add(status))
    operation.tags?.forEach((tag) => tags.add(tag))
    paths[path] = { ...paths[path], [method]: { ...operation, responses: completeResponses(operation, extras) } }
  }
  const problems = problemComponents(used)
  return {
    ...document,
    info: {
      ...document.info,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: [...tags].sort().map((name) => ({ name, description: tagDescriptions[name] ?? `Calls about ${name}` })),
    paths,
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, ...problems.schemas },
      responses: { ...document.components?.responses, ...problems.responses },
    },
  }
}
