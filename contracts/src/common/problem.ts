import { z } from 'zod'

/** application/problem+json bodies (RFC 9457) as the APIs answer them (docs/product.md section 8). */
export const problemSchema = z.object({
  type: z.string().default('about:blank'),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  /** 400: field path → message, shown under the fields. */
  errors: z.record(z.string(), z.string()).optional(),
})
export type Problem = z.infer<typeof problemSchema>

/** Header names of read-your-writes. */
export const MIN_POSITION_HEADER = 'x-min-position'
export const POSITION_HEADER = 'x-position'
