import { createRoute, redirect } from '@tanstack/react-router'
import { rootRoute } from '../../routes/root-route'
import { getSession } from '../../lib/session-store'
import { ssoLogin, ssoParameter } from '../../lib/sso'
import { LoginPage } from './login-page'

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
  // In the entry, not a lazy chunk: the sign-in form is the first screen of every newcomer and every phone, and
  // its few kB cost less than the extra requests a lazy chunk and its small shared pieces make on slow 4G.
  component: LoginPage,
})
