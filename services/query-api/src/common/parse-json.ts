import { z } from 'zod'

/** A zod transform for JSON carried in a query parameter (`?options=<JSON>`): bad JSON is a 400, not a 500. */
export const parseJson = (text: string, ctx: z.RefinementCtx): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    ctx.addIssue({ code: 'custom', message: 'options must be JSON' })
    return z.NEVER
  }
}
