import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { appRoute } from '../../routes/app-route'
import { getSession } from '../../lib/session-store'

export const signInAsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'sign-in-as',
  beforeLoad: () => {
    if (!getSession()?.user.permissions.includes('login-as')) throw redirect({ to: '/' })
  },
  component: lazyRouteComponent(() => import('./sign-in-as-page'), 'SignInAsPage'),
})

/**
 * /sign-in-fromTS (docs/product.md 2): where the truck-sales app sends its users. The shell's single sign-on
 * reads `fromTruckSales` (sealed user id, pathname, contact id) on any protected path and goes on to
 * {pathname}/{contactId}; this route is its documented address, and without a link to follow it opens the CRM.
 */
export const signInFromTruckSalesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'sign-in-fromTS',
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true })
  },
})
