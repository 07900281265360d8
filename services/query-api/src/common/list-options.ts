import { DEFAULT_SORT, listQuerySchema, type ListQuery } from '@crm/contracts'
import { documentedAsJson } from '@crm/platform'
import { z } from 'zod'
import { parseJson } from './parse-json'

/** A list query with the list's own sort fields and its filter parsed. */
export type ListOptions<Field extends string, Filter> = Omit<ListQuery, 'filter' | 'sort'> & {
  sort: { field: Field; direction: 'asc' | 'desc' }
  filter: Filter
}

/** What tells one list's query from another's. */
export interface ListOptionsSpec<Field extends string, FilterSchema extends z.ZodType> {
  /** The fields the list sorts by; any other is a 400 ('Cannot sort by …'), never SQL. */
  sortFields: readonly Field[]
  /**
   * For a list without a name column: its sort when the request asks for the lists' shared default (name), which
   * the web sends when nothing else was picked. Without it, every field not in `sortFields` is a 400.
   */
  defaultSort?: { field: Field; direction: 'asc' | 'desc' }
  /** The filter's fields; empty ones ('' or null) are left out before it is parsed. */
  filter: FilterSchema
  /** Checks across the filter's fields once each is valid: field → message. */
  checkFilter?: (filter: z.output<FilterSchema>) => Record<string, string>
}

/**
 * The list query (contracts' listQuerySchema) of one list: the sort checked against the list's fields, the filter
 * parsed by its schema, each problem reported at `sort.field` or `filter.<key>` ('Unknown filter' for a key the
 * filter does not have), so the web can show it next to the field.
 */
export function listOptionsQuery<Field extends string, FilterSchema extends z.ZodType>(
  spec: ListOptionsSpec<Field, FilterSchema>,
) {
  const { sortFields, defaultSort, filter, checkFilter } = spec
  return listQuerySchema.transform((query, ctx): ListOptions<Field, z.output<FilterSchema>> => {
    if (!(sortFields as readonly string[]).includes(query.sort.field)) {
      if (!defaultSort || query.sort.field !== DEFAULT_SORT.field) {
        ctx.addIssue({ code: 'custom', path: ['sort', 'field'], message: `Cannot sort by ${query.sort.field}` })
      }
      if (defaultSort) query = { ...query, sort: { ...defaultSort } }
    }
    const present = Object.fromEntries(Object.entries(query.filter).filter(([, v]) => v !== null && v !== ''))
    const parsed = filter.safeParse(present)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path[0]
        const message = issue.code === 'unrecognized_keys' ? 'Unknown filter' : issue.message
        ctx.addIssue({ code: 'custom', path: ['filter', String(key ?? '')], message })
      }
      return z.NEVER
    }
    for (const [field, message] of Object.entries(checkFilter?.(parsed.data) ?? {})) {
      ctx.addIssue({ code: 'custom', path: ['filter', field], message })
    }
    return { ...query, sort: query.sort as { field: Field; direction: 'asc' | 'desc' }, filter: parsed.data }
  })
}

/**
 * `?options=<JSON>` as the web keeps a list's query in its URL: the JSON text, documented as the list query with
 * the list's sort fields and filter, parsed by `query` (listOptionsQuery). `description` says what it holds.
 */
export function listOptionsParam<Field extends string, FilterSchema extends z.ZodType, Query extends z.ZodType>(
  spec: Pick<ListOptionsSpec<Field, FilterSchema>, 'sortFields' | 'filter'>,
  query: Query,
  description: string,
) {
  const document = listQuerySchema.extend({
    sort: z
      .object({ field: z.enum(spec.sortFields as readonly [Field, ...Field[]]), direction: z.enum(['asc', 'desc']) })
      .optional(),
    filter: spec.filter.optional(),
  })
  return documentedAsJson(z.string().max(10_000), document)
    .default('{}')
    .describe(description)
    .transform(parseJson)
    .pipe(query)
}
