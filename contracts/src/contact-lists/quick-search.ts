import { z } from 'zod'

/** Hits the top bar's search answers at most: a dropdown to pick from, not a list to page through. */
export const QUICK_SEARCH_LIMIT = 8

/** GET /contacts/quick-search: the top bar's search text. */
export const quickSearchQuerySchema = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(100, 'At most 100 characters'),
})
export type QuickSearchQuery = z.infer<typeof quickSearchQuerySchema>

/** One contact the search found, with what tells it apart in the dropdown; the status is the caller's division's. */
export const quickSearchHitSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  dba: z.string().nullable(),
  dotNumber: z.string().nullable(),
  mcNumber: z.string().nullable(),
  businessPhone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  /** Null when the contact is not in the caller's division (executives find every division's contacts). */
  statusId: z.number().int().nullable(),
})
export type QuickSearchHit = z.infer<typeof quickSearchHitSchema>
