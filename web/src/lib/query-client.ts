import { QueryClient } from '@tanstack/react-query'
import { isApiError } from './api-error'

declare module '@tanstack/react-query' {
  interface Register {
    /** `live`: refetched when the change feed reports new data (features/live). */
    queryMeta: { live?: boolean }
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Freshness comes from the change feed and read-your-writes, not from polling on every mount.
        staleTime: 15_000,
        // A 4xx will not get better by asking again; a network blip or 5xx gets one more try.
        retry: (failures, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 1,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  })
}
