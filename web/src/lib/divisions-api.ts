import { queryOptions } from '@tanstack/react-query'
import type { DivisionOption } from '@crm/contracts'
import { api } from './api'

export type { DivisionOption }

/** GET /divisions/for-select: every live division (the switcher, user and config forms). */
export const divisionsForSelectQueryOptions = () =>
  queryOptions({
    queryKey: ['divisions', 'for-select'],
    queryFn: ({ signal }) => api.get<DivisionOption[]>('/divisions/for-select', { signal, quiet: true }),
    staleTime: 5 * 60_000,
  })

/** GET /divisions/for-select-limited: without the executive division (status changes, referrals). */
export const divisionsForSelectLimitedQueryOptions = () =>
  queryOptions({
    queryKey: ['divisions', 'for-select-limited'],
    queryFn: ({ signal }) => api.get<DivisionOption[]>('/divisions/for-select-limited', { signal, quiet: true }),
    staleTime: 5 * 60_000,
  })
