import { fieldLabelAt } from '@crm/contracts'
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

/**
 * JSON carried as text in a query parameter (`?options={"filter":{"name":"a\\u0000b"}}`): the text itself is
 * clean, its escapes are not. Parsed here only to look inside; undefined when the text is not JSON.
 */
function jsonInside(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/**
 * The first place in a parsed body, query or params holding broken text, as a field path; keys count too. With
 * `json`, a string that holds a JSON object or list is looked into as well (query parameters such as `options`).
 */
export function brokenTextAt(value: unknown, path: string, depth = 0, json = false): string | undefined {
  if (typeof value === 'string') {
    if (isBroken(value)) return path
    const inside = json ? jsonInside(value) : undefined
    return inside === undefined ? undefined : brokenTextAt(inside, path, depth + 1, false)
  }
  if (value === null || typeof value !== 'object' || depth > 32) return undefined
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key
    if (isBroken(key)) return path || 'body'
    const found = brokenTextAt(inner, at, depth + 1, json)
    if (found) return found
  }
  return undefined
}

/**
 * preValidation hook of every API route: a 400 naming the field instead of a 500 from the database. Query strings
 * are looked at with the JSON they carry (list `options`), which the routes parse only after this.
 */
export async function refuseBrokenText(request: FastifyRequest): Promise<void> {
  const field =
    brokenTextAt(request.params, '') ?? brokenTextAt(request.query, '', 0, true) ?? brokenTextAt(request.body, '')
  if (field === undefined) return
  const message = `${fieldLabelAt(field ? field.split('.') : [])} ${BROKEN_TEXT}`
  throw badRequest(message, { [field || 'body']: message })
}
