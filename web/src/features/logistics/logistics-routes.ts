import type { QueryClient } from '@tanstack/react-query'
import { createRoute, lazyRouteComponent, notFound, type SearchSchemaInput } from '@tanstack/react-router'
import { createElement } from 'react'
import { logisticsListNames, type LogisticsListName } from '@crm/contracts'
import type { UrlListQuery } from '../../components/data-table/list-query-codec'
import { isApiError } from '../../lib/api-error'
import { getDivisionId } from '../../lib/session-store'
import { appRoute } from '../../routes/app-route'

// `?query={pagination, sort, filter}` as JSON, checked where it is read (as the contact lists do).
const validateSearch = (search: { query?: unknown } & SearchSchemaInput) => ({
  query: search.query as UrlListQuery | undefined,
})

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
    validateSearch,
    loaderDeps: ({ search }) => ({ query: search.query }),
    loader: async ({ context: { queryClient }, deps, cause }) => {
      const [{ customerListQueryOptions }, { decodeListQuery }] = await Promise.all([
        import('./logistics-api'),
        import('../../components/data-table/list-query-codec'),
      ])
      const rows = queryClient.ensureQueryData(
        customerListQueryOptions(list, decodeListQuery(deps.query), getDivisionId()),
      )
      if (cause !== 'stay') await rows
    },
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
  validateSearch,
  loader: loadCustomer,
  component: lazyRouteComponent(customerPage, 'CustomerPage'),
  notFoundComponent: lazyRouteComponent(customerPage, 'CustomerNotFound'),
})
