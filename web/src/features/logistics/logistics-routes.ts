import type { QueryClient } from '@tanstack/react-query'
import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router'
import { createElement } from 'react'
import { logisticsListNames, type LogisticsListName } from '@crm/contracts'
import { tableRoute, tableSearch } from '../../components/data-table/table-route'
import { isApiError } from '../../lib/api-error'
import { getDivisionId } from '../../lib/session-store'
import { appRoute } from '../../routes/app-route'

const listPage = (list: LogisticsListName) =>
  lazyRouteComponent(() =>
    import('./customer-list-page').then(({ CustomerListPage }) => ({
      default: () => createElement(CustomerListPage, { list }),
    })),
  )

const listRoute = (list: LogisticsListName) =>
  createRoute({
    getParentRoute: () => appRoute,
    path: `customer-logistics/${list === 'all' ? 'all-customers' : list}`,
    ...tableRoute(async () => {
      const { customerListQueryOptions } = await import('./logistics-api')
      return (query) => customerListQueryOptions(list, query, getDivisionId())
    }),
    component: listPage(list),
  })

/** /customer-logistics/{list} for each list of GET /customers-logistic/{list}; All Customers at /all-customers. */
export const logisticsListRoutes = logisticsListNames.map(listRoute)

async function loadCustomer({ context, params }: { context: { queryClient: QueryClient }; params: { id: string } }) {
  const { customerQueryOptions } = await import('./logistics-api')
  try {
    await context.queryClient.ensureQueryData(customerQueryOptions(params.id))
  } catch (error) {
    if (isApiError(error, 404)) throw notFound()
    throw error
  }
}

const customerPage = () => import('./customer-page')

/** /customer-logistics/all-customers/{id}: the contact page of a logistics customer (docs/product.md 2). */
export const logisticsCustomerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'customer-logistics/all-customers/$id',
  // The loads table keeps its page and sort in the URL, like every list.
  validateSearch: tableSearch,
  loader: loadCustomer,
  component: lazyRouteComponent(customerPage, 'CustomerPage'),
  notFoundComponent: lazyRouteComponent(customerPage, 'CustomerNotFound'),
})
