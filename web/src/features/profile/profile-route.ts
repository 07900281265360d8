import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../routes/app-route'

export const profileRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'profile',
  loader: async ({ context }) => {
    const { meQueryOptions } = await import('../../lib/users-api')
    return context.queryClient.ensureQueryData(meQueryOptions())
  },
  component: lazyRouteComponent(() => import('./profile-page'), 'ProfilePage'),
})
