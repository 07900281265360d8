import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../routes/app-route'
import { todayMeetingsQuery } from '../tasks'

/** `/`: the dashboard (the rep's tasks, their counts and today's meetings); the shell holds the other screens. */
export const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(todayMeetingsQuery()),
  component: lazyRouteComponent(() => import('./dashboard-page'), 'DashboardPage'),
})
