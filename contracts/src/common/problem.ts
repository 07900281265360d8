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

// Their own module, so that reading them does not bring zod along (the web app's first download).
export { MIN_POSITION_HEADER, POSITION_HEADER, STALE_HEADER } from './position-headers'
