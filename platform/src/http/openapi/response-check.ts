import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/**
 * The document proves itself (docs/decisions/015-api-contract.md): in test mode every answer an app gives is
 * checked against the OpenAPI document it serves. An undocumented status, a media type the operation does not
 * list, or a JSON body its schema refuses is replaced by a 500 that says what did not match, so the test that
 * made the request fails and names the route.
 */
export const CONTRACT_VIOLATION = 'Response does not match the OpenAPI document'

type Response = { $ref?: string; content?: Record<string, { schema?: object }> }
type Document = {
  paths: Record<string, Record<string, { responses?: Record<string, Response> }>>
  components?: { responses?: Record<string, Response> }
}

const pointer = (...steps: string[]) => steps.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')
const mediaTypeOf = (header: unknown) =>
  String(header ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()

function matches(range: string, type: string): boolean {
  if (range === '*/*' || range === type) return true
  return range.endsWith('/*') && type.startsWith(range.slice(0, -1))
}

/** The checks of one document: what is wrong with an answer, or undefined. */
function documentChecks(document: Document) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true })
  addFormats(ajv)
  ajv.addSchema({ ...document, $id: 'openapi' })
  const validators = new Map<string, ValidateFunction>()
  const resolve = (response: Response): Response => {
    const name = response.$ref?.replace('#/components/responses/', '')
    return name ? (document.components?.responses?.[name] ?? response) : response
  }

  return (method: string, path: string, status: number, type: string, body: unknown): string | undefined => {
    const operation = document.paths[path]?.[method]
    if (!operation) return undefined
    const documented = operation.responses?.[String(status)] ?? operation.responses?.[`${String(status)[0]}XX`]
    if (!documented) return `${method.toUpperCase()} ${path} answered ${status}, which it does not document`
    const response = resolve(documented)
    if (!response.content) {
      // A 204 goes out without whatever the handler gave (fastify drops it).
      const empty = status === 204 || body === undefined || body === ''
      return empty ? undefined : `${status} of ${path} has a body it does not document`
    }
    const listed = Object.keys(response.content).find((range) => matches(range, type))
    if (!listed) return `${status} of ${path} is ${type || 'without a type'}, not ${Object.keys(response.content)}`
    if (!/json$/.test(type) || typeof body !== 'string' || !response.content[listed]!.schema) return undefined
    const where = documented.$ref
      ? `${documented.$ref.replace('#', 'openapi#')}/content/${pointer(listed)}/schema`
      : `openapi#/${pointer('paths', path, method, 'responses', String(status), 'content', listed, 'schema')}`
    let validate = validators.get(where)
    if (!validate) {
      validate = ajv.compile({ $ref: where })
      validators.set(where, validate)
    }
    if (validate(JSON.parse(body))) return undefined
    return `${status} of ${method.toUpperCase()} ${path}: ${ajv.errorsText(validate.errors)}`
  }
}

/** The document's path of a route: `/api/v1/contacts/:id` → `/api/v1/contacts/{id}`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

/** onSend hook of test mode; the document is built on the first answer (all routes are known by then). */
export function installResponseCheck(app: FastifyInstance & { swagger(): unknown }): void {
  let check: ReturnType<typeof documentChecks> | undefined
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const url = request.routeOptions.url
    // A 5xx is a failure already; the hidden routes (the docs UI) are not part of the document.
    if (!url || request.method === 'HEAD' || reply.statusCode >= 500 || request.routeOptions.schema?.hide) {
      return payload
    }
    check ??= documentChecks(app.swagger() as Document)
    const body = typeof payload === 'string' || payload === undefined || payload === null ? (payload ?? '') : undefined
    const fault = check(
      request.method.toLowerCase(),
      documentPath(url),
      reply.statusCode,
      mediaTypeOf(reply.getHeader('content-type')),
      body,
    )
    if (!fault) return payload
    request.log.error({ fault }, CONTRACT_VIOLATION)
    reply.code(500).type('application/problem+json')
    reply.removeHeader('content-length')
    reply.removeHeader('content-disposition')
    return JSON.stringify({ type: 'about:blank', title: CONTRACT_VIOLATION, status: 500, detail: fault })
  })
}
