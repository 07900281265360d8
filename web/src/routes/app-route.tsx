import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router'
import { rootRoute } from './root-route'
import { getSession } from '../lib/session-store'
import { ssoLogin, ssoParameter } from '../lib/sso'
import { NotFoundPage } from '../components/not-found-page'

/** Pathless layout of every protected screen: unauthenticated visitors go to /login and come back after. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ location }) => {
    // Single sign-on from a sister app (fromCRM / fromTruckSales) logs in before anything else happens.
    const sealed = ssoParameter(location.search as Record<string, unknown>)
    if (sealed) throw redirect({ href: await ssoLogin(sealed, location.pathname), replace: true })
    if (!getSession()) throw redirect({ to: '/login', search: { fromPathname: location.href } })
  },
  // The shell (navigation, bell, windows) is not needed on /login: it loads with the first protected screen.
  component: lazyRouteComponent(() => import('../features/shell/app-shell'), 'AppShell'),
  notFoundComponent: () => <NotFoundPage />,
})

/** Any other path inside the app: a not-found page within the shell (after login, so it never reveals routes). */
export const unknownRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '$',
  component: () => <NotFoundPage />,
})
