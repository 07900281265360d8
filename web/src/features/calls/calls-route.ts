import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../routes/app-route'

/** /loginToRc (docs/product.md 2): where RingCentral sends the browser back after the sign-in. */
export const loginToRcRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'loginToRc',
  validateSearch: (search: Record<string, unknown>) => ({
    code: typeof search.code === 'string' ? search.code : undefined,
    state: typeof search.state === 'string' ? search.state : undefined,
  }),
  component: lazyRouteComponent(() => import('./login-to-rc-page'), 'LoginToRcPage'),
})
