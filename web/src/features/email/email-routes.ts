import { createRoute, lazyRouteComponent, type SearchSchemaInput } from '@tanstack/react-router'
import type { UrlListQuery } from '../../components/data-table/list-query-codec'
import { appRoute } from '../../routes/app-route'

// `?query={pagination, ...}` as JSON like every table; decoded where it is read (decisions/014: no zod here).
const validateSearch = (search: { query?: unknown } & SearchSchemaInput) => ({
  query: search.query as UrlListQuery | undefined,
})

/** /emails/templates: the caller's templates and their division's; create, edit, delete. */
export const emailTemplatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'emails/templates',
  validateSearch,
  loaderDeps: ({ search }) => ({ query: search.query }),
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const [{ templatesQuery }, { decodeListQuery }, { templateParams }] = await Promise.all([
      import('./email-api'),
      import('../../components/data-table/list-query-codec'),
      import('./list-params'),
    ])
    const rows = queryClient.ensureQueryData(templatesQuery(templateParams(decodeListQuery(deps.query))))
    if (cause !== 'stay') await rows
  },
  component: lazyRouteComponent(() => import('./templates-page'), 'TemplatesPage'),
})

/** /emails/history: every email the caller may see, by status. */
export const emailHistoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'emails/history',
  validateSearch,
  loaderDeps: ({ search }) => ({ query: search.query }),
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const [{ historyQuery }, { decodeListQuery }, { historyParams }] = await Promise.all([
      import('./email-api'),
      import('../../components/data-table/list-query-codec'),
      import('./list-params'),
    ])
    const rows = queryClient.ensureQueryData(historyQuery(historyParams(decodeListQuery(deps.query))))
    if (cause !== 'stay') await rows
  },
  component: lazyRouteComponent(() => import('./history-page'), 'HistoryPage'),
})

/** /emails/marketing: email marketing through the email-marketing filters, and the progress of every send. */
export const emailMarketingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'emails/marketing',
  validateSearch,
  loaderDeps: ({ search }) => ({ query: search.query }),
  loader: async ({ context: { queryClient }, deps, cause }) => {
    const [{ campaignsQuery }, { decodeListQuery }, { campaignParams }] = await Promise.all([
      import('./email-api'),
      import('../../components/data-table/list-query-codec'),
      import('./list-params'),
    ])
    const rows = queryClient.ensureQueryData(campaignsQuery(campaignParams(decodeListQuery(deps.query))))
    if (cause !== 'stay') await rows
  },
  component: lazyRouteComponent(() => import('./marketing-page'), 'MarketingPage'),
})
