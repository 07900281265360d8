import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { createElement } from 'react'
import type { CreditApplicationSource } from '@crm/contracts'
import { tableRoute } from '../../components/data-table/table-route'
import { appRoute } from '../../routes/app-route'
import { rootRoute } from '../../routes/root-route'

const sources: CreditApplicationSource[] = ['website', 'cps', 'cef']

const listRoute = (source: CreditApplicationSource) =>
  createRoute({
    getParentRoute: () => appRoute,
    path: `${source}-credit-applications`,
    ...tableRoute(async () => {
      const { creditApplicationListQuery } = await import('./credit-applications-api')
      return (query) => creditApplicationListQuery(source, query)
    }),
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
