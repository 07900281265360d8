import { queryOptions } from '@tanstack/react-query'
import type { Paged, StatusChangeRow, User } from '@crm/contracts'
import { api } from '../../lib/api'
import { fetchFile } from '../../lib/fetch-file'

/** The audit screen's filters, as they sit in the URL. */
export type AuditFilters = {
  userId?: string
  divisionId?: number
  fromStatusId?: number
  toStatusId?: number
  dateFrom?: string
  dateTo?: string
  first?: number
}
export const AUDIT_PAGE = 50

export function auditParams(filters: AuditFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra)
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value))
  if (!params.has('limit')) params.set('limit', String(AUDIT_PAGE))
  return params.toString()
}

export const statusAuditQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['status-audit', filters],
    queryFn: ({ signal }) =>
      api.get<{ rows: StatusChangeRow[]; total: number }>(`/contact-divisions/status-changes?${auditParams(filters)}`, {
        signal,
      }),
    meta: { live: true },
  })

export const auditUsersQuery = () =>
  queryOptions({
    queryKey: ['status-audit', 'users'],
    queryFn: ({ signal }) => api.get<Paged<User>>('/users?limit=500', { signal, quiet: true }).catch(() => null),
    staleTime: 60_000,
  })

/** The audit rows the filters select, as an Excel or CSV file. */
export const exportStatusChanges = (filters: AuditFilters, exportType: 'excel' | 'csv') =>
  fetchFile(`/contact-divisions/status-changes?${auditParams(filters, { exportType })}`)
