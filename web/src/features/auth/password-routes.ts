import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { rootRoute } from '../../routes/root-route'

/** /change-password is public and outside the shell (docs/product.md section 2); the page asks who is changing. */
export const changePasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'change-password',
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
