import { z } from 'zod'
import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, PAGE_SIZES } from '../constants/limits'

/**
 * Table state shared by every server-paged list: the web mirrors it in the query string as JSON
 * (`?query={...}`), the query API accepts the same JSON in its `options` parameter.
 */
export const listQuerySchema = z.object({
  pagination: z
    .object({
      limit: z.union(
        PAGE_SIZES.map((n) => z.literal(n)) as [z.ZodLiteral<5>, z.ZodLiteral<10>, z.ZodLiteral<50>, z.ZodLiteral<100>],
      ),
      first: z.number().int().min(0).max(10_000_000),
    })
    .default({ limit: DEFAULT_PAGE_SIZE, first: 0 }),
  sort: z.object({ field: z.string().max(64), direction: z.enum(['asc', 'desc']) }).default({ ...DEFAULT_SORT }),
  filter: z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])).default({}),
  tableFilter: z.object({ global: z.string().max(200).optional() }).default({}),
  /** GET /contacts: the same rows as an Excel file (docs/product.md 7: "export adds exportType excel"). */
  exportType: z.literal('excel').optional(),
})
export type ListQuery = z.infer<typeof listQuerySchema>

/**
 * One page and the list's total. A total is exact while the list ends within a few hundred rows of the page;
 * past that it is the database planner's estimate (`totalIsEstimate`, shown as "about"), and the list's
 * `…/count` route answers it exactly on demand. `totalIsCapped` is true whenever the total is not exact (older
 * clients read it as "at least"); lists that always count exactly leave `totalIsEstimate` out.
 */
export const pagedSchema = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int(),
    totalIsCapped: z.boolean(),
    totalIsEstimate: z.boolean().optional(),
  })
export type Paged<T> = { rows: T[]; total: number; totalIsCapped: boolean; totalIsEstimate?: boolean }

/** GET …/count of a list: its exact total, or `total: null` and `timedOut` when counting took too long. */
export const listCountSchema = z.object({ total: z.number().int().nullable(), timedOut: z.boolean() })
export type ListCount = z.infer<typeof listCountSchema>
