import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { rootRoute } from '../../routes/root-route'
import { getSession } from '../../lib/session-store'
import { ssoLogin, ssoParameter } from '../../lib/sso'

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): { fromPathname?: string } =>
    typeof search.fromPathname === 'string' ? { fromPathname: search.fromPathname } : {},
  beforeLoad: async ({ location }) => {
    const sealed = ssoParameter(location.search as Record<string, unknown>)
    if (sealed) throw redirect({ href: await ssoLogin(sealed, '/'), replace: true })
    if (getSession()) throw redirect({ to: '/' })
  },
  component: lazyRouteComponent(() => import('./login-page'), 'LoginPage'),
})
