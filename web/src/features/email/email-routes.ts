import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { tableRoute } from '../../components/data-table/table-route'
import { appRoute } from '../../routes/app-route'

/** /emails/templates: the caller's templates and their division's; create, edit, delete. */
export const emailTemplatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'emails/templates',
  ...tableRoute(async () => {
    const [{ templatesQuery }, { templateParams }] = await Promise.all([import('./email-api'), import('./list-params')])
    return (query) => templatesQuery(templateParams(query))
  }),
  component: lazyRouteComponent(() => import('./templates-page'), 'TemplatesPage'),
})

/** /emails/history: every email the caller may see, by status. */
export const emailHistoryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'emails/history',
  ...tableRoute(async () => {
    const [{ historyQuery }, { historyParams }] = await Promise.all([import('./email-api'), import('./list-params')])
    return (query) => historyQuery(historyParams(query))
  }),
  component: lazyRouteComponent(() => import('./history-page'), 'HistoryPage'),
})

/** /emails/marketing: email marketing through the email-marketing filters, and the progress of every send. */
export const emailMarketingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'emails/marketing',
  ...tableRoute(async () => {
    const [{ campaignsQuery }, { campaignParams }] = await Promise.all([import('./email-api'), import('./list-params')])
    return (query) => campaignsQuery(campaignParams(query))
  }),
  component: lazyRouteComponent(() => import('./marketing-page'), 'MarketingPage'),
})
