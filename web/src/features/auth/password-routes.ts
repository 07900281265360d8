import { createRoute, redirect } from '@tanstack/react-router'
import { rootRoute } from '../../routes/root-route'
import { ChangePasswordPage } from './change-password-page'
import { ForgotPasswordPage } from './forgot-password-page'
import { ResetPasswordPage } from './reset-password-page'
import { getSession } from './session-store'

/** /change-password sits outside the shell (docs/product.md section 2) but needs to know who is changing. */
export const changePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'change-password',
  beforeLoad: ({ location }) => {
    if (!getSession()) throw redirect({ to: '/login', search: { fromPathname: location.href } })
  },
  component: ChangePasswordPage,
})

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'forgot-password',
  component: ForgotPasswordPage,
})

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' ? { token: search.token } : {},
  component: ResetPasswordPage,
})
