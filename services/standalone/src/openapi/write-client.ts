/**
 * Writes a typed client of the served OpenAPI document: one function per operation, named by its operationId,
 * typed by the types openapi-typescript generates from the same document (`schema.d.ts` beside it). CI compiles
 * it with `tsc --strict` (.ci/run), so a document a generated client cannot use fails the build.
 *
 *   tsx services/standalone/src/openapi/write-client.ts <openapi.json> <client.ts>
 */
import { readFile, writeFile } from 'node:fs/promises'

type Operation = { operationId: string; summary?: string }
type Document = { paths: Record<string, Record<string, Operation>> }

const [source, target] = process.argv.slice(2)
if (!source || !target) throw new Error('usage: write-client.ts <openapi.json> <client.ts>')
const document = JSON.parse(await readFile(source, 'utf8')) as Document

const HEADER = `// Generated from the OpenAPI document by services/standalone/src/openapi/write-client.ts. Do not edit.
import type { operations } from './schema'

type Json<R> = R extends { content: infer C } ? C[keyof C] : undefined
type SuccessStatus = 200 | 201 | 202 | 204
/** The body of the operation's 2xx answer (JSON, or the text of a file or stream). */
export type Answer<O> = O extends { responses: infer R } ? Json<R[keyof R & SuccessStatus]> : never
type PathOf<O> = O extends { parameters: { path: infer P } } ? { path: P } : unknown
type QueryOf<O> = O extends { parameters: { query: infer Q } }
  ? { query: Q }
  : O extends { parameters: { query?: infer Q } }
    ? { query?: Q }
    : unknown
type BodyOf<O> = O extends { requestBody?: never }
  ? unknown
  : O extends { requestBody: { content: infer C } }
    ? { body: C[keyof C] }
    : O extends { requestBody?: { content: infer C } }
      ? { body?: C[keyof C] }
      : unknown
/** What a call takes: its path parameters, query and body, as the document names them. */
export type Input<O> = PathOf<O> & QueryOf<O> & BodyOf<O>

export interface ClientOptions {
  /** Where the API is, e.g. http://localhost:3000. */
  baseUrl: string
  /** The bearer token of POST /api/v1/auth/login-user. */
  token?: () => string | undefined
  fetch?: typeof fetch
}

/** An answer that is not 2xx: the problem document (application/problem+json) the API sent. */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly problem: unknown,
  ) {
    super(\`HTTP \${status}\`)
  }
}

type Call = { path?: object; query?: object; body?: unknown }

function urlOf(baseUrl: string, template: string, input: Call): string {
  const path = template.replace(/\\{(\\w+)\\}/g, (_, name: string) =>
    encodeURIComponent(String((input.path as Record<string, unknown> | undefined)?.[name])),
  )
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(input.query ?? {})) {
    if (value !== undefined) query.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  const search = query.toString()
  return \`\${baseUrl}\${path}\${search ? \`?\${search}\` : ''}\`
}

async function send<T>(options: ClientOptions, method: string, template: string, input: Call): Promise<T> {
  const token = options.token?.()
  const response = await (options.fetch ?? fetch)(urlOf(options.baseUrl, template, input), {
    method,
    headers: {
      ...(token ? { authorization: \`Bearer \${token}\` } : {}),
      ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  })
  const type = response.headers.get('content-type') ?? ''
  const body: unknown = type.includes('json') ? await response.json() : await response.text()
  if (!response.ok) throw new ProblemError(response.status, body)
  return body as T
}
`

const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method: method.toUpperCase(), ...operation })),
)
const functions = operations
  .sort((a, b) => a.operationId.localeCompare(b.operationId))
  .map(({ operationId, summary, method, path }) => {
    const type = `operations['${operationId}']`
    return [
      `    /** ${(summary ?? '').replace(/\*\//g, '* /')} (${method} ${path}) */`,
      `    ${operationId}: (input: Input<${type}>): Promise<Answer<${type}>> =>`,
      `      send<Answer<${type}>>(options, '${method}', '${path}', input as Call),`,
    ].join('\n')
  })

const client = `${HEADER}
/** One function per operation of the API, named by its operationId. */
export function createClient(options: ClientOptions) {
  return {
${functions.join('\n')}
  }
}
`
await writeFile(target, client)
