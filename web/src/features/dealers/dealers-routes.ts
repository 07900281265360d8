import { createRoute, lazyRouteComponent, notFound } from '@tanstack/react-router'
import type { ListQuery } from '@crm/contracts'
import { ensureTableRows, tableRoute } from '../../components/data-table/table-route'
import { isApiError } from '../../lib/api-error'
import { getDivisionId } from '../../lib/session-store'
import { appRoute } from '../../routes/app-route'

const dealersPage = () => import('./dealers-page')
const dealerPage = () => import('./dealer-page')

const dealerRows = async () => {
  const { dealerListQueryOptions } = await import('./dealers-api')
  return (query: ListQuery) => dealerListQueryOptions(query, getDivisionId())
}

/** /ts-dealers?query=… : the dealers table, its state (paging, sort, filter card) in the URL. */
export const dealersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'ts-dealers',
  ...tableRoute(dealerRows),
  component: lazyRouteComponent(dealersPage, 'DealersPage'),
})

// The router reads `?addressZip=30301` as the number 30301: a zip (or a phone of digits) is text all the same.
const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, 200) : undefined

/** /ts-dealers/add?name=&businessPhone=&addressZip= (docs/product.md 2): the add form, prefilled. */
export const addDealerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'ts-dealers/add',
  validateSearch: (search: Record<string, unknown>) => ({
    name: text(search.name),
    businessPhone: text(search.businessPhone),
    addressZip: text(search.addressZip),
  }),
  loader: ({ context: { queryClient } }) => ensureTableRows(queryClient, dealerRows, undefined),
  component: lazyRouteComponent(dealersPage, 'AddDealerPage'),
})

/** /ts-dealers/$id: one dealer. A contact that is not a dealer, or one the user may not see, is not found. */
export const dealerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'ts-dealers/$id',
  loader: async ({ context: { queryClient }, params }) => {
    const { dealerQueryOptions } = await import('./dealers-api')
    try {
      await queryClient.ensureQueryData(dealerQueryOptions(params.id))
    } catch (error) {
      if (isApiError(error, 404)) throw notFound()
      throw error
    }
  },
  component: lazyRouteComponent(dealerPage, 'DealerPage'),
  notFoundComponent: lazyRouteComponent(dealerPage, 'DealerNotFound'),
})
