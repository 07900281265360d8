import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { fetchUserOptions, fetchUserOptionsByIds } from '../../lib/user-options-api'

/** How long typing pauses before the list asks the server (a keystroke per request would be wasteful). */
const TYPE_DEBOUNCE_MS = 300

export function useDebounced<T>(value: T, ms = TYPE_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/** Users matching `search`, 50 a page (docs/product.md section 9); the next page loads as the list scrolls. */
export function useUserOptions(search: string, enabled: boolean) {
  const term = useDebounced(search.trim())
  return useInfiniteQuery({
    queryKey: ['user-options', term],
    queryFn: ({ pageParam, signal }) => fetchUserOptions(term, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length : undefined),
    enabled,
    staleTime: 60_000,
  })
}

/** The name of a chosen user id, for a value that came from elsewhere (a preset, the URL). */
export function useUserLabel(userId: string | null, known: string | undefined) {
  const { data } = useQuery({
    queryKey: ['user-options', 'by-id', userId],
    queryFn: ({ signal }) => fetchUserOptionsByIds([userId!], signal),
    enabled: Boolean(userId) && known === undefined,
    staleTime: 5 * 60_000,
  })
  return known ?? data?.options.find((o) => o.value === userId)?.label
}
