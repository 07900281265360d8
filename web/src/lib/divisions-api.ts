import { queryOptions } from '@tanstack/react-query'
import { EXECUTIVE_DIVISION_ID, type DivisionOption } from '@crm/contracts'
import { api } from './api'

export type { DivisionOption }

/** GET /divisions/for-select: every live division (the switcher, user and config forms). */
export const divisionsForSelectQueryOptions = () =>
  queryOptions({
    queryKey: ['divisions', 'for-select'],
    queryFn: ({ signal }) => api.get<DivisionOption[]>('/divisions/for-select', { signal, quiet: true }),
    staleTime: 5 * 60_000,
  })

/** The divisions a filter offers (id -> name), without the executive one, which owns no contacts of its own. */
export const divisionFilterOptions = (divisions: readonly DivisionOption[] | undefined): Record<string, string> =>
  Object.fromEntries((divisions ?? []).filter((d) => d.id !== EXECUTIVE_DIVISION_ID).map((d) => [d.id, d.name]))
