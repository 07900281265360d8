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

/**
 * /api-email/click-link/$token?redirectLink=…: records the click, then opens the link. The server answers this
 * address itself (a redirect, no script needed): this page shows only where the app is served without that route.
 */
export const clickLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'api-email/click-link/$token',
  validateSearch: (search: Record<string, unknown>): { redirectLink?: string } =>
    typeof search.redirectLink === 'string' ? { redirectLink: search.redirectLink } : {},
  component: lazyRouteComponent(() => import('./recipient-pages'), 'ClickLinkPage'),
})

/** /api-email/link-not-valid: where the server sends a tracked link it will not open (bad token, unknown link). */
export const linkNotValidRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'api-email/link-not-valid',
  component: lazyRouteComponent(() => import('./recipient-pages'), 'LinkNotValidPage'),
})
