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
