import { queryOptions, type QueryClient } from '@tanstack/react-query'
import type { NotificationList } from '@crm/contracts'
import { api } from '../../lib/api'

export const notificationsKeys = { all: ['notifications'] as const }

/** How many the bell lists. */
export const BELL_LIMIT = 20
/** The change feed refreshes the bell when notifications arrive; polling covers a feed that is down. */
const POLL_MS = 60_000

/** GET /notifications: the caller's, newest first, with the unread count. The bell shows its own error. */
export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKeys.all,
    queryFn: ({ signal }) => api.get<NotificationList>(`/notifications?limit=${BELL_LIMIT}`, { signal, quiet: true }),
    refetchInterval: POLL_MS,
    meta: { live: true },
  })

const refresh = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: notificationsKeys.all })

/** PATCH /notifications/{id}/read. */
export async function markNotificationRead(queryClient: QueryClient, id: string): Promise<void> {
  await api.patch(`/notifications/${encodeURIComponent(id)}/read`)
  await refresh(queryClient)
}

/** PATCH /notifications/read-all. */
export async function markAllNotificationsRead(queryClient: QueryClient): Promise<void> {
  await api.patch('/notifications/read-all')
  await refresh(queryClient)
}
