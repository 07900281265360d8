import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { QuickSearchHit } from '@crm/contracts'
import { api } from '../../lib/api'

export type { QuickSearchHit }

/** The server's minimum: shorter text would match half the book. */
export const QUICK_SEARCH_MIN_LENGTH = 2

/**
 * GET /contacts/quick-search?q=…, in the current division (reps and managers see its contacts; the status shown
 * is its status). Typing on keeps the previous hits on screen until the next answer replaces them.
 */
export const quickSearchQueryOptions = (text: string, divisionId: number | null) =>
  queryOptions({
    queryKey: ['contacts', 'quick-search', divisionId, text],
    queryFn: ({ signal }) =>
      api.get<QuickSearchHit[]>(`/contacts/quick-search?q=${encodeURIComponent(text)}`, {
        signal,
        headers: divisionId === null ? undefined : { 'x-division-id': String(divisionId) },
        quiet: true,
      }),
    enabled: text.length >= QUICK_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
