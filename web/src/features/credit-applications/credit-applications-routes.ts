import { createRoute, lazyRouteComponent, type SearchSchemaInput } from '@tanstack/react-router'
import { createElement } from 'react'
import type { CreditApplicationSource } from '@crm/contracts'
import type { UrlListQuery } from '../../components/data-table/list-query-codec'
import { appRoute } from '../../routes/app-route'
import { rootRoute } from '../../routes/root-route'

const sources: CreditApplicationSource[] = ['website', 'cps', 'cef']
const validateSearch = (search: { query?: unknown } & SearchSchemaInput) => ({
  query: search.query as UrlListQuery | undefined,
})

const listRoute = (source: CreditApplicationSource) =>
  createRoute({
    getParentRoute: () => appRoute,
    path: `${source}-credit-applications`,
    validateSearch,
    loaderDeps: ({ search }) => ({ query: search.query }),
    loader: async ({ context: { queryClient }, deps, cause }) => {
      const [{ creditApplicationListQuery }, { decodeListQuery }] = await Promise.all([
        import('./credit-applications-api'),
        import('../../components/data-table/list-query-codec'),
      ])
      const rows = queryClient.ensureQueryData(creditApplicationListQuery(source, decodeListQuery(deps.query)))
      if (cause !== 'stay') await rows
    },
    component: lazyRouteComponent(() =>
      import('./application-list-page').then(({ ApplicationListPage }) => ({
        default: () => createElement(ApplicationListPage, { source }),
      })),
    ),
  })

const pageRoute = (source: CreditApplicationSource) =>
  createRoute({
    getParentRoute: () => appRoute,
    path: `${source}-credit-applications/$id`,
    loader: async ({ context: { queryClient }, params }) => {
      const { creditApplicationQuery } = await import('./credit-applications-api')
      await queryClient.ensureQueryData(creditApplicationQuery(source, params.id))
    },
    component: lazyRouteComponent(() =>
      import('./application-page-route-component').then(({ pageFor }) => ({ default: pageFor(source) })),
    ),
  })

/** /website-, /cps-, /cef-credit-applications and each application's page. */
export const creditApplicationRoutes = sources.flatMap((source) => [listRoute(source), pageRoute(source)])

/** /apply-for-credit: the public application form (no sign-in). */
export const publicApplicationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'apply-for-credit',
  component: lazyRouteComponent(() => import('./public-application-page'), 'PublicApplicationPage'),
})
