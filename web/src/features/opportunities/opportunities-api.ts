import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type {
  CreateOpportunity,
  DashboardDrillPage,
  DashboardFilter,
  DashboardSlice,
  OpportunityDashboard,
  OpportunityRow,
  UpdateOpportunity,
} from '@crm/contracts'
import { api } from '../../lib/api'
import { fetchFile } from '../../lib/fetch-file'

export const opportunityKeys = { all: ['opportunities'] as const }

export const contactOpportunitiesQuery = (contactId: string) =>
  queryOptions({
    queryKey: [...opportunityKeys.all, 'by-contact', contactId],
    queryFn: ({ signal }) => api.get<OpportunityRow[]>(`/opportunities/by-contact/${contactId}`, { signal }),
  })

export const opportunityCommands = {
  create: (body: CreateOpportunity) => api.post<{ id: string }>('/opportunities', body),
  update: (id: string, body: UpdateOpportunity) => api.patch(`/opportunities/${encodeURIComponent(id)}`, body),
}

/** The dashboard's filters as the address holds them: any may be missing until the rules say it is complete. */
export type DashboardSearch = { divisionId?: number; userId?: string; dateFrom?: string; dateTo?: string }

const filterParams = (f: DashboardFilter, extra: Record<string, string | number> = {}) =>
  new URLSearchParams(Object.entries({ ...f, ...extra }).map(([k, v]): [string, string] => [k, String(v)])).toString()

export const dashboardQuery = (f: DashboardFilter) =>
  queryOptions({
    queryKey: [...opportunityKeys.all, 'dashboard', f],
    queryFn: ({ signal }) => api.get<OpportunityDashboard>(`/dashboard-opportunity?${filterParams(f)}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { live: true },
  })

export const DASHBOARD_DRILL_PAGE = 25

export const dashboardDrillQuery = (f: DashboardFilter, slice: DashboardSlice, first: number) =>
  queryOptions({
    queryKey: [...opportunityKeys.all, 'dashboard-drill', f, slice, first],
    queryFn: ({ signal }) =>
      api.get<DashboardDrillPage>(
        `/dashboard-opportunity/opportunities?${filterParams(f, { slice, first, limit: DASHBOARD_DRILL_PAGE })}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  })

/** The dashboard as an .xlsx: totals by stage and the opportunities (at most 1,000). */
export const exportDashboard = (f: DashboardFilter) => fetchFile(`/dashboard-opportunity/export?${filterParams(f)}`)
