import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type {
  AttentionToOption,
  CreateReferral,
  IsReferred,
  MarkReferralRead,
  ReferralPage,
  ReferralTimeline,
  UpdateReferral,
} from '@crm/contracts'
import { api } from '../../lib/api'

/** The Referrals screen's filters, as they sit in the URL. */
export type ReferralFilters = {
  type?: 'all' | 'sent' | 'received'
  divisionId?: number
  status?: number
  paymentStatus?: 'Paid' | 'Unpaid'
  from?: string
  to?: string
  first?: number
  limit?: number
}
export const REFERRAL_PAGE_SIZES = [5, 10, 50, 100] as const
export const DEFAULT_REFERRAL_PAGE = 10

export function referralParams(filters: ReferralFilters): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '') params.set(key, String(value))
  if (!params.has('limit')) params.set('limit', String(DEFAULT_REFERRAL_PAGE))
  return params.toString()
}

export const referralKeys = { all: ['referrals'] as const }

export const referralsQuery = (filters: ReferralFilters) =>
  queryOptions({
    queryKey: [...referralKeys.all, 'list', filters],
    queryFn: ({ signal }) => api.get<ReferralPage>(`/referral/get-referrals?${referralParams(filters)}`, { signal }),
    placeholderData: keepPreviousData,
    meta: { live: true },
  })

export const isReferredQuery = (contactId: string, divisionId: number | null) =>
  queryOptions({
    queryKey: [...referralKeys.all, 'is-referred', contactId, divisionId],
    queryFn: ({ signal }) =>
      api.get<IsReferred>(`/referral/is-referred?contactId=${contactId}&divisionId=${divisionId}`, { signal }),
    enabled: divisionId !== null,
  })

export const referralTimelineQuery = (contactId: string) =>
  queryOptions({
    queryKey: [...referralKeys.all, 'timeline', contactId],
    queryFn: ({ signal }) => api.get<ReferralTimeline>(`/referral/by-contact/${contactId}`, { signal }),
  })

export const attentionToOptionsQuery = (divisionId: number | null) =>
  queryOptions({
    queryKey: [...referralKeys.all, 'attention-to', divisionId],
    queryFn: ({ signal }) =>
      api.get<AttentionToOption[]>(`/referral/attention-to-options?divisionId=${divisionId}`, { signal }),
    enabled: divisionId !== null,
    staleTime: 60_000,
  })

/** The due date a grade gives in the receiving division (17:00 local plus its days, minus one when above 0). */
export const gradeDueDate = (divisionId: number, grade: number, timeZone: string) =>
  api.get<{ dueDate: string }>(
    `/referral/due-date?divisionId=${divisionId}&grade=${grade}&timeZone=${encodeURIComponent(timeZone)}`,
  )

type Sent = { id: string; taskId: string; message: string; position: string }

export const referralCommands = {
  send: (body: CreateReferral) => api.post<Sent>('/referral', body),
  update: (id: string, body: UpdateReferral) => api.patch(`/referral/${encodeURIComponent(id)}`, body),
  updateAttentionTo: (id: string, attentionTo: string) =>
    api.patch(`/referral/update-attention-to/${encodeURIComponent(id)}`, { attention_to: attentionTo }),
  markAsRead: (id: string, body: MarkReferralRead) =>
    api.patch(`/referral/mark-as-read/${encodeURIComponent(id)}`, body),
}
