import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../../routes/root-route'

/** /api-email/unsubscribe/$token: Verified Unsubscribe, no login (docs/product.md 2). */
export const unsubscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'api-email/unsubscribe/$token',
  component: lazyRouteComponent(() => import('./recipient-pages'), 'UnsubscribePage'),
})

/** /api-email/report-abuse/$token: Verified Report Abuse, no login. */
export const reportAbuseRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'api-email/report-abuse/$token',
  component: lazyRouteComponent(() => import('./recipient-pages'), 'ReportAbusePage'),
})

/** /api-email/click-link/$token?redirectLink=…: records the click, then opens the link. */
export const clickLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'api-email/click-link/$token',
  validateSearch: (search: Record<string, unknown>): { redirectLink?: string } =>
    typeof search.redirectLink === 'string' ? { redirectLink: search.redirectLink } : {},
  component: lazyRouteComponent(() => import('./recipient-pages'), 'ClickLinkPage'),
})
