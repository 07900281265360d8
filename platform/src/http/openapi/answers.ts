import type { ProblemStatus } from './problem-responses'

export const EXCEL_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/**
 * Route config `openapi`: the answers a route's zod response schemas cannot describe. A file (its media types,
 * sent with Content-Disposition), an event stream, a JSON answer whose other form is a file (an export option),
 * and errors beyond those the route's shape implies (operation-facts.ts).
 */
export interface OpenApiAnswer {
  /** The 2xx answer is a file of one of these media types (`*\/*`: any stored file). */
  file?: { status?: number; mediaTypes: readonly string[]; description: string }
  /** The 2xx answer is `text/event-stream`. */
  eventStream?: { description: string }
  /** Errors the route answers beyond those its shape implies. */
  errors?: readonly ProblemStatus[]
}

type MediaTypes = Record<string, { schema: object }>
type Response = { description: string; content?: MediaTypes; headers?: Record<string, object> }

const contentDisposition = {
  'Content-Disposition': {
    description: 'attachment, with the file name',
    schema: { type: 'string', examples: ["attachment; filename*=UTF-8''contacts.xlsx"] },
  },
}

/** The responses of `answer` to merge into an operation's responses (they replace a schema-less default). */
export function answerResponses(answer: OpenApiAnswer | undefined): Record<string, Response> {
  const responses: Record<string, Response> = {}
  if (answer?.file) {
    const content = Object.fromEntries(
      answer.file.mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
    )
    responses[String(answer.file.status ?? 200)] = {
      description: answer.file.description,
      headers: contentDisposition,
      content,
    }
  }
  if (answer?.eventStream) {
    responses['200'] = {
      description: answer.eventStream.description,
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    }
  }
  return responses
}
