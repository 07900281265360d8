import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { AuditPage } from '@crm/contracts'
import { api } from '../../lib/api'
import { fetchFile } from '../../lib/fetch-file'

/** The audit of every change's filters, as they sit in the URL (days on this browser's calendar). */
export type ChangesFilters = {
  contactId?: string
  userId?: string
  divisionId?: number
  types?: string
  dateFrom?: string
  dateTo?: string
  first?: number
}
export const CHANGES_PAGE = 50

function changesParams(filters: ChangesFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ utcOffset: String(-new Date().getTimezoneOffset()), ...extra })
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value))
  if (!params.has('limit')) params.set('limit', String(CHANGES_PAGE))
  return params.toString()
}

export const changesAuditQuery = (filters: ChangesFilters) =>
  queryOptions({
    queryKey: ['changes-audit', filters],
    queryFn: ({ signal }) => api.get<AuditPage>(`/audit?${changesParams(filters)}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { live: true },
  })

/** The changes the filters select, as an Excel or CSV file. */
export const exportChanges = (filters: ChangesFilters, exportType: 'excel' | 'csv') =>
  fetchFile(`/audit?${changesParams({ ...filters, first: undefined }, { exportType })}`)
