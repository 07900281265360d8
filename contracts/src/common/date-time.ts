import { z } from 'zod'

/** docs/product.md's sent format for a moment: `YYYY-MM-DD HH:mm:ss`, in UTC. */
const productFormat = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/

/**
 * A moment in a request: ISO 8601 with an offset (`2026-11-24T17:00:00-06:00`), or the product's own
 * `YYYY-MM-DD HH:mm:ss` read as UTC. Either way the command sees ISO in UTC, so events store one spelling.
 */
export function dateTimeSchema(options: { error?: string } = {}) {
  const iso = z.iso.datetime({ offset: true, ...(options.error && { error: options.error }) })
  const spaced = z
    .string()
    .regex(productFormat, options.error)
    .refine((value) => !Number.isNaN(Date.parse(value.replace(productFormat, '$1T$2Z'))), options.error)
  return z.union([iso, spaced], options.error ? { error: options.error } : undefined).transform((value) => {
    const spacedMatch = productFormat.exec(value)
    return spacedMatch ? new Date(`${spacedMatch[1]}T${spacedMatch[2]}Z`).toISOString() : value
  })
}
