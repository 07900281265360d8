import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { appRoute } from '../../routes/app-route'
import type { ContactReportFilters, LeadToAccountFilters, SalesMetricFilters, TaskReportFilters } from './reports-api'

const num = (v: unknown) => (v === undefined || v === '' || Number.isNaN(Number(v)) ? undefined : Number(v))
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined)

/** A period from the URL: custom days when either is there, else a range (default: this week). */
function periodSearch(search: Record<string, unknown>): SalesMetricFilters {
  const dateFrom = text(search.dateFrom)
  const dateTo = text(search.dateTo)
  return { range: dateFrom || dateTo ? undefined : (num(search.range) ?? 1), dateFrom, dateTo }
}
const periodAsked = (f: SalesMetricFilters) => f.range !== undefined || Boolean(f.dateFrom && f.dateTo)

/** /reports: Sales metrics; the period and division live in the URL (default: this week). */
export const reportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports',
  validateSearch: (search: Record<string, unknown>): SalesMetricFilters => ({
    ...periodSearch(search),
    divisionId: num(search.divisionId),
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const [{ divisionsForSelectQueryOptions }, { salesMetricQuery }] = await Promise.all([
      import('../../lib/divisions-api'),
      import('./reports-api'),
    ])
    // Half a custom range asks nothing: the page says 'Please select date range!'.
    await Promise.all([
      periodAsked(deps) ? queryClient.ensureQueryData(salesMetricQuery(deps)) : null,
      queryClient.ensureQueryData(divisionsForSelectQueryOptions()),
    ])
  },
  component: lazyRouteComponent(() => import('./sales-metrics-page'), 'SalesMetricsPage'),
})

/** Twelve activity summaries side by side, each panel loading on its own (no loader: nothing waits for all). */
export const activitySummariesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports/activity-summaries',
  validateSearch: (search: Record<string, unknown>): { userId?: string } => ({ userId: text(search.userId) }),
  component: lazyRouteComponent(() => import('./activity-summaries-page'), 'ActivitySummariesPage'),
})

const contactSearch = (search: Record<string, unknown>): ContactReportFilters => ({
  divisionId: num(search.divisionId),
  userId: text(search.userId),
  statusId: num(search.statusId),
})

/** Account insights: four charts and the top ten, each loading on its own. */
export const accountInsightsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports/account-insights',
  validateSearch: (search: Record<string, unknown>): ContactReportFilters & { measure?: string } => ({
    ...contactSearch(search),
    measure: text(search.measure),
  }),
  component: lazyRouteComponent(() => import('./account-insights-page'), 'AccountInsightsPage'),
})

/** The US map of contacts per state; the map's drawing code loads with the page only. */
export const usMapRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports/us-map',
  validateSearch: contactSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const { usMapQuery } = await import('./reports-api')
    await queryClient.ensureQueryData(usMapQuery(deps))
  },
  component: lazyRouteComponent(() => import('./us-map-page'), 'UsMapPage'),
})

/** The task report and, with kind=followUps, the follow-up report. */
export const taskReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports/tasks',
  validateSearch: (search: Record<string, unknown>): TaskReportFilters => ({
    ...periodSearch(search),
    divisionId: num(search.divisionId),
    userId: text(search.userId),
    kind: search.kind === 'followUps' ? 'followUps' : undefined,
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const { taskReportQuery } = await import('./reports-api')
    if (periodAsked(deps)) await queryClient.ensureQueryData(taskReportQuery(deps))
  },
  component: lazyRouteComponent(() => import('./task-report-page'), 'TaskReportPage'),
})

const month = (v: unknown) => (typeof v === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(v) ? v : undefined)

/** /reports/lead-to-account: months and division in the URL. The report answers 503 while it is being built. */
export const leadToAccountRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports/lead-to-account',
  validateSearch: (search: Record<string, unknown>): LeadToAccountFilters => ({
    monthFrom: month(search.monthFrom),
    monthTo: month(search.monthTo),
    divisionId: num(search.divisionId),
  }),
  loaderDeps: ({ search }) => search,
  loader: async ({ context: { queryClient }, deps }) => {
    const [{ divisionsForSelectQueryOptions }, { leadToAccountQuery }] = await Promise.all([
      import('../../lib/divisions-api'),
      import('./reports-api'),
    ])
    // Prefetch, not ensure: a report still being built is a state of the page, not a failed route.
    await Promise.all([
      queryClient.prefetchQuery(leadToAccountQuery(deps)),
      queryClient.ensureQueryData(divisionsForSelectQueryOptions()),
    ])
  },
  component: lazyRouteComponent(() => import('./lead-to-account-page'), 'LeadToAccountPage'),
})
