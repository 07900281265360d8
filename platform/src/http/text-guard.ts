import type { FastifyRequest } from 'fastify'
import { badRequest } from './problems'

export const BROKEN_TEXT = 'must not contain NUL bytes or broken characters'

/**
 * Text PostgreSQL cannot store, or that is not text at all: a NUL byte, or half of a UTF-16 surrogate pair
 * (JSON allows "\ud800"; it has no UTF-8 encoding). Refused at the edge, once for every route, so that no
 * such string reaches a query and answers 500.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
const isBroken = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text)

/** The first place in a parsed body, query or params holding broken text, as a field path; keys count too. */
export function brokenTextAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return isBroken(value) ? path : undefined
  if (value === null || typeof value !== 'object' || depth > 32) return undefined
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key
    if (isBroken(key)) return path || 'body'
    const found = brokenTextAt(inner, at, depth + 1)
    if (found) return found
  }
  return undefined
}

/** preValidation hook of every API route: a 400 naming the field instead of a 500 from the database. */
export async function refuseBrokenText(request: FastifyRequest): Promise<void> {
  const field = brokenTextAt(request.params, '') ?? brokenTextAt(request.query, '') ?? brokenTextAt(request.body, '')
  if (field !== undefined) throw badRequest(BROKEN_TEXT, { [field || 'body']: BROKEN_TEXT })
}
