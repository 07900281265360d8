import { queryOptions } from '@tanstack/react-query'
import type {
  CampaignRow,
  ContactSuppression,
  CreateTemplate,
  EmailHistoryRow,
  ListQuery,
  MarketingAudience,
  MarketingSend,
  Paged,
  ScheduleEmail,
  SendEmail,
  TemplateRow,
  UpdateTemplate,
} from '@crm/contracts'
import { api } from '../../lib/api'

type Answer = { id: string; position: string }

export const emailKeys = {
  all: ['emails'] as const,
  templates: (params: TemplateParams) => [...emailKeys.all, 'templates', params] as const,
  history: (params: HistoryParams) => [...emailKeys.all, 'history', params] as const,
  campaigns: (params: { limit: number; first: number }) => [...emailKeys.all, 'campaigns', params] as const,
  campaign: (id: string) => [...emailKeys.all, 'campaign', id] as const,
  audience: (filter: ListQuery['filter']) => [...emailKeys.all, 'audience', filter] as const,
  suppression: (contactId: string) => [...emailKeys.all, 'suppression', contactId] as const,
}

export type TemplateParams = { limit: number; first: number; search?: string }
export type HistoryParams = {
  limit: number
  first: number
  contactId?: string
  status?: string
  type?: string
  senderId?: string
  templateId?: string
  dateFrom?: string
  dateTo?: string
}

const searchOf = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString()

/** GET /emails/templates: the caller's own templates and their division's. */
export const templatesQuery = (params: TemplateParams) =>
  queryOptions({
    queryKey: emailKeys.templates(params),
    queryFn: () => api.get<Paged<TemplateRow>>(`/emails/templates?${searchOf(params)}`),
  })

/** GET /emails/history: sent, scheduled, failed and cancelled emails, newest first. */
export const historyQuery = (params: HistoryParams) =>
  queryOptions({
    queryKey: emailKeys.history(params),
    queryFn: () => api.get<Paged<EmailHistoryRow>>(`/emails/history?${searchOf(params)}`),
  })

/** GET /emails/marketing-sends: marketing sends with their progress, newest first. */
export const campaignsQuery = (params: { limit: number; first: number }) =>
  queryOptions({
    queryKey: emailKeys.campaigns(params),
    queryFn: () => api.get<Paged<CampaignRow>>(`/emails/marketing-sends?${searchOf(params)}`),
  })

/** GET /emails/marketing-sends/{id}: one send's progress. */
export const campaignQuery = (id: string) =>
  queryOptions({
    queryKey: emailKeys.campaign(id),
    queryFn: () => api.get<CampaignRow>(`/emails/marketing-sends/${encodeURIComponent(id)}`),
  })

/** GET /emails/marketing-audience: whom the email-marketing filters reach. */
export const audienceQuery = (filter: ListQuery['filter']) =>
  queryOptions({
    queryKey: emailKeys.audience(filter),
    queryFn: () =>
      api.get<MarketingAudience>(
        `/emails/marketing-audience?${new URLSearchParams({ options: JSON.stringify({ filter }) })}`,
      ),
  })

/** GET /emails/suppression/{contactId}: whether the contact's address unsubscribed or reported abuse. */
export const suppressionQuery = (contactId: string) =>
  queryOptions({
    queryKey: emailKeys.suppression(contactId),
    queryFn: () => api.get<ContactSuppression>(`/emails/suppression/${encodeURIComponent(contactId)}`),
  })

export const emailCommands = {
  createTemplate: (body: CreateTemplate) => api.post<Answer>('/emails/templates', body),
  updateTemplate: (id: string, body: UpdateTemplate) =>
    api.patch<Answer>(`/emails/templates/${encodeURIComponent(id)}`, body),
  deleteTemplate: (id: string) => api.delete<Answer>(`/emails/templates/${encodeURIComponent(id)}`, { quiet: true }),
  send: (body: SendEmail) => api.post<Answer>('/emails/send-email', body),
  schedule: (body: ScheduleEmail) => api.post<Answer>('/emails/schedule-email', body),
  marketingSend: (body: MarketingSend) => api.post<Answer>('/emails/marketing-sends', body),
  cancel: (id: string) => api.post<Answer>(`/emails/cancel-email/${encodeURIComponent(id)}`),
}
