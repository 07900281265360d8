import {
  checkDealerFilter,
  dealerFilterSchema,
  dealerSortFields,
  listQuerySchema,
  type DealerFilter,
  type DealerSortField,
  type ListQuery,
} from '@crm/contracts'
import { documentedAsJson } from '@crm/platform'
import { z } from 'zod'
import { parseJson } from '../common/parse-json'

export type DealerOptions = Omit<ListQuery, 'filter' | 'sort'> & {
  sort: { field: DealerSortField; direction: 'asc' | 'desc' }
  filter: DealerFilter
}

/** The list query of the dealers table: its filter card's fields, checked field by field and across fields. */
const dealerQuery = listQuerySchema.transform((query, ctx): DealerOptions => {
  if (!(dealerSortFields as readonly string[]).includes(query.sort.field)) {
    ctx.addIssue({ code: 'custom', path: ['sort', 'field'], message: `Cannot sort by ${query.sort.field}` })
  }
  const present = Object.fromEntries(Object.entries(query.filter).filter(([, v]) => v !== null && v !== ''))
  const parsed = dealerFilterSchema.safeParse(present)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path[0]
      const message = issue.code === 'unrecognized_keys' ? 'Unknown filter' : issue.message
      ctx.addIssue({ code: 'custom', path: ['filter', String(key ?? '')], message })
    }
    return z.NEVER
  }
  for (const [field, message] of Object.entries(checkDealerFilter(parsed.data))) {
    ctx.addIssue({ code: 'custom', path: ['filter', field], message })
  }
  return { ...query, sort: query.sort as DealerOptions['sort'], filter: parsed.data }
})

const optionsDocument = listQuerySchema.extend({
  sort: z.object({ field: z.enum(dealerSortFields), direction: z.enum(['asc', 'desc']) }).optional(),
  filter: dealerFilterSchema.optional(),
})

/** `?options=<JSON>` as the web keeps it in its URL, like the contacts table. */
export const dealerListParams = z.object({
  options: documentedAsJson(z.string().max(10_000), optionsDocument)
    .default('{}')
    .describe('JSON: {pagination:{limit,first}, sort:{field,direction}, filter:{<dealer filter card fields>}}')
    .transform(parseJson)
    .pipe(dealerQuery),
})
