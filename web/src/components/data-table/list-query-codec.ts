import { DEFAULT_PAGE_SIZE, DEFAULT_SORT, listQuerySchema, PAGE_SIZES, type ListQuery } from '@crm/contracts'
import { pageSizeMemory } from './page-size-memory'

/**
 * Table state ⇄ URL. docs/product.md section 2: pagination, sort and filters live in the query string as JSON
 * under `query`, so a list can be bookmarked, shared and restored with the back button.
 */
export type FilterValue = ListQuery['filter'][string]

export const defaultListQuery = (): ListQuery => ({
  pagination: { limit: pageSizeMemory.current(), first: 0 },
  sort: { ...DEFAULT_SORT },
  filter: {},
  tableFilter: {},
})

function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw
  try {
    return JSON.parse(raw)
  } catch {
    return undefined
  }
}

/**
 * Reads whatever is in the URL (the router hands over parsed JSON; a pasted link may hold a string).
 * A bad part falls back to its default alone, so a hand-edited page size does not lose the filters.
 */
export function decodeListQuery(raw: unknown): ListQuery {
  const value = parseJson(raw)
  const whole = listQuerySchema.safeParse(value ?? {})
  if (whole.success) {
    // A link without a page size opens at the size this user chose last.
    const named = value && typeof value === 'object' && 'pagination' in value
    return named
      ? whole.data
      : { ...whole.data, pagination: { ...whole.data.pagination, limit: pageSizeMemory.current() } }
  }
  const parts = value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  const fallback = defaultListQuery()
  const { shape } = listQuerySchema
  const pick = <K extends keyof ListQuery>(key: K): ListQuery[K] => {
    const parsed = shape[key].safeParse(parts[key])
    return parsed.success ? (parsed.data as ListQuery[K]) : fallback[key]
  }
  return {
    pagination: pick('pagination'),
    sort: pick('sort'),
    filter: pick('filter'),
    tableFilter: pick('tableFilter'),
  }
}

/** What the URL holds under `query`: the empty table filter is left out to keep links short. */
export type UrlListQuery = Omit<ListQuery, 'tableFilter'> & Partial<Pick<ListQuery, 'tableFilter'>>

export function toSearchValue(query: ListQuery): UrlListQuery {
  const { tableFilter, ...rest } = query
  return tableFilter.global ? query : rest
}

/** The `options` parameter of list endpoints (docs/product.md section 7). */
export function encodeListOptions(query: ListQuery): string {
  return encodeURIComponent(JSON.stringify(query))
}

/** Sorting starts over at the first page (docs/product.md section 4). */
export function withSort(query: ListQuery, field: string, direction: 'asc' | 'desc'): ListQuery {
  return { ...query, sort: { field, direction }, pagination: { ...query.pagination, first: 0 } }
}

export function withPage(query: ListQuery, pageIndex: number): ListQuery {
  const first = Math.max(0, Math.floor(pageIndex)) * query.pagination.limit
  return { ...query, pagination: { ...query.pagination, first } }
}

/** A new page size keeps the first visible row on screen. */
export function withPageSize(query: ListQuery, limit: number): ListQuery {
  const size = PAGE_SIZES.find((s) => s === limit) ?? DEFAULT_PAGE_SIZE
  pageSizeMemory.remember(size)
  const first = Math.floor(query.pagination.first / size) * size
  return { ...query, pagination: { limit: size, first } }
}

/** A changed filter starts over at the first page; an empty value removes the filter. */
export function withFilter(query: ListQuery, key: string, value: FilterValue | undefined): ListQuery {
  const filter = { ...query.filter }
  if (value === undefined || value === null || value === '') delete filter[key]
  else filter[key] = value
  return { ...query, filter, pagination: { ...query.pagination, first: 0 } }
}

export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit))
}
