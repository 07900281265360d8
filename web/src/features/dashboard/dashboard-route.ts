import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../routes/app-route'

/** `/`: the dashboard (the rep's tasks, their counts and today's meetings); the shell holds the other screens. */
export const indexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  // Route files stay in the first download (docs/decisions/014): what a loader needs is imported when it runs.
  loader: async ({ context: { queryClient } }) => {
    const { todayMeetingsQuery } = await import('../tasks')
    return queryClient.ensureQueryData(todayMeetingsQuery())
  },
  component: lazyRouteComponent(() => import('./dashboard-page'), 'DashboardPage'),
})
