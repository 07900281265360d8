import { createRoute, lazyRouteComponent, type SearchSchemaInput } from '@tanstack/react-router'
import type { UrlListQuery } from '../../components/data-table/list-query-codec'
import { appRoute } from '../../routes/app-route'

/** /expenses?query=…: a month of expenses (filter month, userId), paged like the contacts table. */
export const expensesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'expenses',
  validateSearch: (search: { query?: unknown } & SearchSchemaInput) => ({
    query: search.query as UrlListQuery | undefined,
  }),
  loaderDeps: ({ search }) => ({ query: search.query }),
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const [{ expenseListQueryOptions, thisMonth }, { decodeListQuery }] = await Promise.all([
      import('./expenses-api'),
      import('../../components/data-table/list-query-codec'),
    ])
    const query = decodeListQuery(deps.query)
    const sorted =
      query.sort.field === 'name' ? { ...query, sort: { field: 'expenseDate', direction: 'desc' as const } } : query
    const month = typeof query.filter.month === 'string' ? query.filter.month : thisMonth()
    const rows = queryClient.ensureQueryData(
      expenseListQueryOptions({ ...sorted, filter: { ...sorted.filter, month } }),
    )
    if (cause !== 'stay') await rows
  },
  component: lazyRouteComponent(() => import('./expenses-page'), 'ExpensesPage'),
})
