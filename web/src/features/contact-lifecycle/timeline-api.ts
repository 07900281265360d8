import { TIMELINE_PAGE_SIZE, type TimelinePage } from '@crm/contracts'
import { infiniteQueryOptions } from '@tanstack/react-query'
import { lifecycleKeys } from '../../lib/query-keys'
import { api } from '../../lib/api'

/**
 * The activity timeline, a page of 10 at a time (docs/product.md 9). Keyed under the contact's lifecycle key, so
 * logging an activity refreshes it: a refresh refetches the loaded pages, scrolling appends the next one
 * (docs/product.md 4, "append pages unless isRefresh").
 */
export const timelineQuery = (contactId: string, types: string | undefined) =>
  infiniteQueryOptions({
    queryKey: lifecycleKeys.part(contactId, 'timeline', types ?? 'all'),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ contactId, limit: String(TIMELINE_PAGE_SIZE) })
      if (pageParam) query.set('before', pageParam)
      if (types) query.set('types', types)
      return api.get<TimelinePage>(`/contact-activities-timeline/all?${query}`, { signal, quiet: true })
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    meta: { live: true },
  })
