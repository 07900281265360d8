import { checkDashboardFilter, seesWholeDivision, ALL_SALESPEOPLE, type DashboardQuery } from '@crm/contracts'
import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { getDivisionId, getSession } from '../../lib/session-store'
import { appRoute } from '../../routes/app-route'

const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined)

/** Local calendar day (YYYY-MM-DD). */
const dayOf = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`

/** This calendar quarter, on the browser's calendar. */
export function thisQuarter(now = new Date()): { dateFrom: string; dateTo: string } {
  const first = Math.floor(now.getMonth() / 3) * 3
  return {
    dateFrom: dayOf(new Date(now.getFullYear(), first, 1)),
    dateTo: dayOf(new Date(now.getFullYear(), first + 3, 0)),
  }
}

/**
 * /opportunity-dashboard: the filters live in the address. A filter that is absent takes its default (the
 * current division; managers all salespeople, reps themselves; this quarter); one emptied on purpose stays
 * empty, so the page can name it ('Salesperson must be selected').
 */
export const opportunityDashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'opportunity-dashboard',
  validateSearch: (search: Record<string, unknown>): DashboardQuery => {
    const user = getSession()?.user
    const quarter = thisQuarter()
    const salesperson = user && seesWholeDivision(user) ? ALL_SALESPEOPLE : user?.userId
    return {
      divisionId: text(search.divisionId) ?? String(getDivisionId() ?? ''),
      userId: text(search.userId) ?? salesperson,
      dateFrom: text(search.dateFrom) ?? quarter.dateFrom,
      dateTo: text(search.dateTo) ?? quarter.dateTo,
    }
  },
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const [{ divisionsForSelectQueryOptions }, { dashboardQuery }] = await Promise.all([
      import('../../lib/divisions-api'),
      import('./opportunities-api'),
    ])
    const { filter } = checkDashboardFilter(deps)
    await Promise.all([
      filter ? queryClient.ensureQueryData(dashboardQuery(filter)) : null,
      queryClient.ensureQueryData(divisionsForSelectQueryOptions()),
    ])
  },
  component: lazyRouteComponent(() => import('./opportunity-dashboard-page'), 'OpportunityDashboardPage'),
})
