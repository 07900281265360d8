import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api'

export type DivisionOption = { id: number; name: string }

function isDivisionList(value: unknown): value is DivisionOption[] {
  return Array.isArray(value) && value.every((d) => d && typeof d.id === 'number' && typeof d.name === 'string')
}

/**
 * GET /divisions/for-select. Null when the list is not available (not built yet, or not allowed):
 * the switcher then shows only the current division.
 */
export const divisionsForSelectQueryOptions = () =>
  queryOptions({
    queryKey: ['divisions', 'for-select'],
    queryFn: async ({ signal }): Promise<DivisionOption[] | null> => {
      try {
        const body = await api.get<unknown>('/divisions/for-select', { signal, quiet: true })
        return isDivisionList(body) ? body : null
      } catch {
        return null
      }
    },
    staleTime: 5 * 60_000,
  })
