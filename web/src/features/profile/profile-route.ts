import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../routes/app-route'
import { meQueryOptions } from '../../lib/users-api'

export const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'profile',
  loader: ({ context }) => context.queryClient.ensureQueryData(meQueryOptions()),
  component: lazyRouteComponent(() => import('./profile-page'), 'ProfilePage'),
})
