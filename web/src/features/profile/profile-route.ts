import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { meQueryOptions } from '../admin/admin-api'
import { appRoute } from '../shell/app-route'
import { RouteError } from '../shell/route-error'

export const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'profile',
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions()),
  component: lazyRouteComponent(() => import('./profile-page'), 'ProfilePage'),
  errorComponent: RouteError,
})
