import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import type { SearchSchemaInput } from '@tanstack/react-router'
import type { ListQuery } from '@crm/contracts'
import type { UrlListQuery } from './list-query-codec'

/** What a table route keeps in its URL: `?query={pagination, sort, filter}` as JSON (docs/product.md 2). */
export type TableSearch = { query?: UrlListQuery }

/**
 * The search of a table route. The query is checked where it is read (the loader and useListQuery decode it with
 * the contracts' schema; anything unreadable falls back to defaults), not here: route files are part of the first
 * download, which carries no zod (docs/decisions/014).
 */
export const tableSearch = (search: { query?: unknown } & SearchSchemaInput): TableSearch => ({
  query: search.query as UrlListQuery | undefined,
})

/** The query options of a page of rows, for the decoded list query. */
export type RowsQuery<TQueryFnData, TError, TData, TQueryKey extends QueryKey> = (
  query: ListQuery,
) => EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>

/**
 * Loads a table's page of rows into the cache. `rowsQuery` imports the feature's api when it runs (a loader's
 * imports are dynamic, so a route file does not bring its screen's api into the first download) and answers
 * how to read a page for a list query; the codec that decodes `?query=` comes in at the same time.
 */
export async function ensureTableRows<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  rowsQuery: () => Promise<RowsQuery<TQueryFnData, TError, TData, TQueryKey>>,
  query: UrlListQuery | undefined,
): Promise<TData> {
  const [{ decodeListQuery }, rows] = await Promise.all([import('./list-query-codec'), rowsQuery()])
  return queryClient.ensureQueryData(rows(decodeListQuery(query)))
}

/**
 * `validateSearch`, `loaderDeps` and `loader` of a route that shows a table, to spread into `createRoute`. The
 * first visit waits for its page of rows; paging, sorting and filtering on the screen ('stay') do not: the table
 * keeps the rows it shows (placeholderData) until the next page arrives.
 */
export function tableRoute<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  rowsQuery: () => Promise<RowsQuery<TQueryFnData, TError, TData, TQueryKey>>,
) {
  return {
    validateSearch: tableSearch,
    loaderDeps: ({ search }: { search: TableSearch }) => ({ query: search.query }),
    loader: async ({
      context: { queryClient },
      deps,
      cause,
    }: {
      context: { queryClient: QueryClient }
      deps: TableSearch
      cause: 'preload' | 'enter' | 'stay'
    }) => {
      const rows = ensureTableRows(queryClient, rowsQuery, deps.query)
      if (cause !== 'stay') await rows
    },
  }
}
