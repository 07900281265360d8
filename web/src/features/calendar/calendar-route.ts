import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../routes/app-route'
import { getSession } from '../../lib/session-store'
import { calendarViews, parseDayKey, type CalendarView } from './calendar-grid'
import type { CalendarSearch } from './calendar-query'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** /calendar?view=month|week|day&date=YYYY-MM-DD&userId=…: what is shown lives in the URL. */
export const calendarRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'calendar',
  validateSearch: (search: Record<string, unknown>): CalendarSearch => ({
    view: calendarViews.includes(search.view as CalendarView) ? (search.view as CalendarView) : undefined,
    date: typeof search.date === 'string' && parseDayKey(search.date) ? search.date : undefined,
    userId: typeof search.userId === 'string' && UUID.test(search.userId) ? search.userId : undefined,
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const { calendarShown } = await import('./calendar-query')
    return queryClient.ensureQueryData(calendarShown(deps, getSession()?.user.userId ?? '').query)
  },
  component: lazyRouteComponent(() => import('./calendar-page'), 'CalendarPage'),
})
