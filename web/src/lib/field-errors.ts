import type { z } from 'zod'

export type FieldErrors = Record<string, string>

/** Field path as the forms key it: `address.zip`. The API may send JSON-pointer style paths. */
export function fieldKey(path: string | readonly PropertyKey[]): string {
  const joined = typeof path === 'string' ? path : path.map(String).join('.')
  return joined.replace(/^\/|^body[./]/, '').replace(/\//g, '.')
}

/** The first message per field of a failed zod parse. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const key = fieldKey(issue.path)
    if (!(key in out)) out[key] = issue.message
  }
  return out
}

/** The 400 error map of the API, keyed the same way. */
export function normalizeFieldErrors(errors: Record<string, string>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [fieldKey(path), message]))
}
