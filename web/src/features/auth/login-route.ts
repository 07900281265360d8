import { createRoute, redirect } from '@tanstack/react-router'
import { rootRoute } from '../../routes/root-route'
import { LoginPage } from './login-page'
import { getSession } from './session-store'

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): { fromPathname?: string } =>
    typeof search.fromPathname === 'string' ? { fromPathname: search.fromPathname } : {},
  beforeLoad: () => {
    if (getSession()) throw redirect({ to: '/' })
  },
  component: LoginPage,
})
