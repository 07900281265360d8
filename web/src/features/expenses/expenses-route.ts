import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { tableRoute } from '../../components/data-table/table-route'
import { appRoute } from '../../routes/app-route'

/** /expenses?query=…: a month of expenses (filter month, userId), paged like the contacts table. */
export const expensesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'expenses',
  ...tableRoute(async () => {
    const { expenseListQueryOptions, thisMonth } = await import('./expenses-api')
    return (query) => {
      const sorted =
        query.sort.field === 'name' ? { ...query, sort: { field: 'expenseDate', direction: 'desc' as const } } : query
      const month = typeof query.filter.month === 'string' ? query.filter.month : thisMonth()
      return expenseListQueryOptions({ ...sorted, filter: { ...sorted.filter, month } })
    }
  }),
  component: lazyRouteComponent(() => import('./expenses-page'), 'ExpensesPage'),
})
