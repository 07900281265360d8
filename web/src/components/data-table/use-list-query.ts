import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import type { ListQuery } from '@crm/contracts'
import { decodeListQuery, toSearchValue } from './list-query-codec'

/**
 * The list query of the current route's URL and a setter that pushes a history entry,
 * so Back undoes a page or filter change. Works for any list route with a `query` search param.
 */
export function useListQuery(): [ListQuery, (next: ListQuery) => void] {
  const raw = useSearch({ strict: false, select: (search: Record<string, unknown>) => search.query })
  const query = useMemo(() => decodeListQuery(raw), [raw])
  const navigate = useNavigate()
  const setQuery = useCallback(
    (next: ListQuery) => {
      // `to: '.'` stays on the current route. This hook serves every list route, so the updater
      // cannot be typed against one route's search schema.
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => ({ ...prev, query: toSearchValue(next) }),
      } as never)
    },
    [navigate],
  )
  return [query, setQuery]
}
