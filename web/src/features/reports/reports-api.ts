import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import {
  insightPaths,
  type ActivitySummary,
  type Insight,
  type InsightKind,
  type ReportContactsPage,
  type SummaryContactRow,
  type TaskReport,
  type TaskReportColumn,
  type TaskReportKind,
  type TaskReportTask,
  type TopTen,
  type TopTenMeasure,
  type UsMap,
  type DayRating,
  type LeadToAccountReport,
  type SalesMetric,
  type SalesMetricActivityRow,
  type SalesMetricContactRow,
  type SalesMetricReport,
} from '@crm/contracts'
import { api } from '../../lib/api'
import { fetchFile } from '../../lib/fetch-file'
import { browserTimeZone } from '../../lib/local-date-time'

/** The Sales metrics screen's filters, as they sit in the URL: a report period 1-8 or custom days. */
export type SalesMetricFilters = {
  range?: number
  dateFrom?: string
  dateTo?: string
  divisionId?: number
}

/** Minutes east of UTC on this browser's calendar now: the days a report groups by (docs/decisions/024). */
export const browserUtcOffset = () => -new Date().getTimezoneOffset()

/** The query string of a report request; a period is range or both days, else the server says which is missing. */
export function reportParams(filters: SalesMetricFilters, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams({ utcOffset: String(browserUtcOffset()) })
  const period = filters.dateFrom || filters.dateTo ? { ...filters, range: undefined } : filters
  for (const [key, value] of Object.entries({ ...period, ...extra }))
    if (value !== undefined && value !== '') params.set(key, String(value))
  return params.toString()
}

export const reportKeys = { all: ['reports'] as const }

export const salesMetricQuery = (filters: SalesMetricFilters) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'sales-metric', filters],
    queryFn: ({ signal }) => api.get<SalesMetricReport>(`/reports/sales-metric?${reportParams(filters)}`, { signal }),
    meta: { live: true },
  })

/** One number's records: whose, which division, which metric, same period as the table. */
export type Drill = {
  filters: SalesMetricFilters
  metric: SalesMetric
  userId: string
  userName: string
  divisionId: number
  count: number
}
export const DRILL_PAGE = 25

type Page<R> = { rows: R[]; total: number }
const drillParams = (d: Drill, first: number) =>
  reportParams(
    { ...d.filters, divisionId: undefined },
    {
      metric: d.metric,
      userId: d.userId,
      divisionId: d.divisionId,
      limit: DRILL_PAGE,
      first,
    },
  )

export const drillActivitiesQuery = (d: Drill, first: number) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'activities', d.filters, d.metric, d.userId, d.divisionId, first],
    queryFn: ({ signal }) =>
      api.get<Page<SalesMetricActivityRow>>(`/reports/sales-metric/activities?${drillParams(d, first)}`, { signal }),
    placeholderData: keepPreviousData,
  })

export const drillContactsQuery = (d: Drill, first: number) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'contacts', d.filters, d.metric, d.userId, d.divisionId, first],
    queryFn: ({ signal }) =>
      api.get<Page<SalesMetricContactRow>>(`/reports/sales-metric/contacts?${drillParams(d, first)}`, { signal }),
    placeholderData: keepPreviousData,
  })

export const dayRatingQuery = (userId: string | undefined, date: string | undefined) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'day-rating', userId, date],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ utcOffset: String(browserUtcOffset()) })
      if (userId) params.set('userId', userId)
      if (date) params.set('date', date)
      return api.get<DayRating>(`/reports/day-rating?${params}`, { signal })
    },
    placeholderData: keepPreviousData,
  })

/** The table as an .xlsx (at most 1,000 rows). */
export const exportSalesMetrics = (filters: SalesMetricFilters) =>
  fetchFile(`/reports/sales-metric/export?${reportParams(filters)}`)

/** Whose contacts a contact report reads: a division (executives), one assigned user, a status (the map). */
export type ContactReportFilters = { divisionId?: number; userId?: string; statusId?: number }

const searchOf = (values: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(key, String(value))
  return params.toString()
}

export const insightQuery = (kind: InsightKind, filters: ContactReportFilters) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'insight', kind, filters.divisionId, filters.userId],
    queryFn: ({ signal }) =>
      api.get<Insight>(`/accounts-insights/${insightPaths[kind]}?${searchOf({ ...filters, statusId: undefined })}`, {
        signal,
      }),
  })

export const topTenQuery = (measure: TopTenMeasure, filters: ContactReportFilters) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'top-ten', measure, filters.divisionId, filters.userId],
    queryFn: ({ signal }) =>
      api.get<TopTen>(`/accounts-insights/top-ten-accounts?${searchOf({ ...filters, statusId: undefined, measure })}`, {
        signal,
      }),
  })

export const usMapQuery = (filters: ContactReportFilters) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'us-map', filters],
    queryFn: ({ signal }) => api.get<UsMap>(`/map-of-states/contacts-per-state?${searchOf(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  })

/** The contacts behind an insight slice or a state: which list, and the same filters as the screen. */
export type ContactDrill =
  | { kind: 'insight'; insight: InsightKind; key: string; label: string; count: number; filters: ContactReportFilters }
  | { kind: 'state'; stateId: number; label: string; count: number; filters: ContactReportFilters }

export const contactDrillQuery = (d: ContactDrill, first: number) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'contact-drill', d, first],
    queryFn: ({ signal }) => {
      const page = { limit: DRILL_PAGE, first }
      return d.kind === 'insight'
        ? api.get<ReportContactsPage>(
            `/accounts-insights/contacts?${searchOf({ ...d.filters, statusId: undefined, kind: d.insight, key: d.key, ...page })}`,
            { signal },
          )
        : api.get<ReportContactsPage>(
            `/map-of-states/contacts?${searchOf({ ...d.filters, stateId: d.stateId, ...page })}`,
            {
              signal,
            },
          )
    },
    placeholderData: keepPreviousData,
  })

/** The activity summary of range `id` (1-12) for a user (default the caller). */
export const activitySummaryQuery = (id: number, userId: string | undefined) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'activity-summary', id, userId],
    queryFn: ({ signal }) =>
      api.get<ActivitySummary>(`/activity/summary/${id}?${searchOf({ utcOffset: browserUtcOffset(), userId })}`, {
        signal,
      }),
  })

export const pastDueCountQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'past-due-count', userId],
    queryFn: ({ signal }) =>
      api.get<{ count: number }>(
        `/activity/summary/pas-due-tasks/count?${searchOf({ userId, timeZone: browserTimeZone() })}`,
        {
          signal,
        },
      ),
  })

/** The contacts behind a summary cell: a range of days, a user, an activity type (or every type). */
export type SummaryDrill = { dateFrom: string; dateTo: string; userId?: string; activityType?: number; title: string }

export const summaryContactsQuery = (d: SummaryDrill, first: number) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'summary-contacts', d, first],
    queryFn: ({ signal }) =>
      api.get<{ rows: SummaryContactRow[]; total: number }>(
        `/activity/summary/contacts?${searchOf({ ...d, title: undefined, utcOffset: browserUtcOffset(), limit: DRILL_PAGE, first })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  })

/** The time zone whose clock decides Past Due (the division's past-due hour is a local hour). */

export type TaskReportFilters = SalesMetricFilters & { kind?: TaskReportKind; userId?: string }

export const taskReportQuery = (filters: TaskReportFilters) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'task-report', filters],
    queryFn: ({ signal }) =>
      api.get<TaskReport>(`/task/task-report?${reportParams(filters, { timeZone: browserTimeZone() })}`, { signal }),
    meta: { live: true },
  })

export type TaskDrill = {
  filters: TaskReportFilters
  userId: string
  userName: string
  column: TaskReportColumn
  count: number
}

export const taskDrillQuery = (d: TaskDrill, first: number) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'task-drill', d, first],
    queryFn: ({ signal }) =>
      api.get<{ rows: TaskReportTask[]; total: number }>(
        `/task/task-report/tasks?${reportParams(d.filters, {
          timeZone: browserTimeZone(),
          userId: d.userId,
          column: d.column,
          limit: DRILL_PAGE,
          first,
        })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  })

/** Time from Lead to Account: calendar months (YYYY-MM, UTC) and a division, as they sit in the URL. */
export type LeadToAccountFilters = { monthFrom?: string; monthTo?: string; divisionId?: number }

export const leadToAccountQuery = (filters: LeadToAccountFilters) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'lead-to-account', filters],
    queryFn: ({ signal }) =>
      api.get<LeadToAccountReport>(
        `/reports/lead-to-account?${new URLSearchParams(
          Object.entries(filters).flatMap(([k, v]) => (v === undefined || v === '' ? [] : [[k, String(v)]])),
        )}`,
        { signal, quiet: [503] },
      ),
    // 503 while the report's read model is being built: ask again until it is served.
    retry: false,
    refetchInterval: (query) => ((query.state.error as { status?: number } | null)?.status === 503 ? 5000 : false),
    meta: { live: true },
  })
