import type { CallLogInfo, CallLogPage, CallView, IncomingCall, RcSession, SaveCallActivityInput } from '@crm/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api, apiFetch } from '../../lib/api'

export const callKeys = {
  session: ['calls', 'rc-session'] as const,
  call: (id: string) => ['calls', 'call', id] as const,
  incoming: ['calls', 'incoming'] as const,
  log: (first: number, limit: number) => ['calls', 'log', first, limit] as const,
  logInfo: (id: string) => ['calls', 'log-info', id] as const,
}

/** GET /users/userRcSession: whether calling is configured and the caller is connected (never the tokens). */
export const rcSessionQueryOptions = () =>
  queryOptions({ queryKey: callKeys.session, queryFn: () => api.get<RcSession>('/users/userRcSession') })

/** GET /click-to-call/{id}: the call window polls it while the call is live. */
export const callQueryOptions = (id: string) =>
  queryOptions({
    queryKey: callKeys.call(id),
    queryFn: () => api.get<CallView>(`/click-to-call/${id}`),
    refetchInterval: (query) =>
      query.state.data && ['ended', 'no-answer'].includes(query.state.data.state) ? false : 1000,
  })

/**
 * GET /click-to-call/incoming-calls: the rep's incoming calls of the last day. Live: the change feed refetches
 * it when a call rings (the phone_log read model moved); a slow poll covers a browser without the feed.
 */
export const incomingCallsQueryOptions = () =>
  queryOptions({
    queryKey: callKeys.incoming,
    queryFn: () => api.get<IncomingCall[]>('/click-to-call/incoming-calls', { quiet: true }),
    meta: { live: true },
    refetchInterval: 30_000,
  })

/** POST /click-to-call/log: a page of the rep's synced call log (calls_table). */
export const callLogQueryOptions = (first: number, limit: number) =>
  queryOptions({
    queryKey: callKeys.log(first, limit),
    queryFn: () => api.post<CallLogPage>('/click-to-call/log', { first, limit }),
    meta: { live: true },
  })

export const callLogInfoQueryOptions = (callLogId: string) =>
  queryOptions({
    queryKey: callKeys.logInfo(callLogId),
    queryFn: () => api.post<CallLogInfo>('/click-to-call/log-info', { callLogId }),
  })

/** A recording's audio, through the product (the JSON client does not read blobs). */
async function recording(callLogId: string): Promise<Blob> {
  const response = await apiFetch('/click-to-call/log-recording', { method: 'POST', body: { callLogId } })
  return response.blob()
}

export const callCommands = {
  /** Where the browser goes to sign in to RingCentral. */
  startConnect: () => api.post<{ authorizeUrl: string }>('/users/rc-authorize', {}),
  /** /loginToRc: the page shows the failure itself. */
  finishConnect: (code: string, state: string) =>
    api.post<{ expireTime: string }>('/users/rc-login', { code, state }, { quiet: true }),
  place: (contactId: string, phoneNumber: string) =>
    api.post<{ id: string; activityId: string }>('/click-to-call', { contactId, phoneNumber }),
  /** A placed call's activity, or an answered incoming call's on the chosen contact (`contactId`). */
  saveActivity: (body: SaveCallActivityInput) =>
    api.post<{ id: string }>('/click-to-call/set-call-with-activity', body),
  close: (id: string) => api.delete<{ id: string }>(`/click-to-call/${id}`, { quiet: true }),
  recording,
}
