import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { rootRoute } from '../../routes/root-route'
import { getSession } from '../../lib/session-store'

/** /change-password sits outside the shell (docs/product.md section 2) but needs to know who is changing. */
export const changePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'change-password',
  beforeLoad: ({ location }) => {
    if (!getSession()) throw redirect({ to: '/login', search: { fromPathname: location.href } })
  },
  component: lazyRouteComponent(() => import('./change-password-page'), 'ChangePasswordPage'),
})

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'forgot-password',
  component: lazyRouteComponent(() => import('./forgot-password-page'), 'ForgotPasswordPage'),
})

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: lazyRouteComponent(() => import('./reset-password-page'), 'ResetPasswordPage'),
})
