import { queryOptions } from '@tanstack/react-query'
import type {
  AdditionalContactRow,
  PersonalNoteRow,
  RedFlagRow,
  RelatedEntityRow,
  StatusChangeRow,
} from '@crm/contracts'
import { api } from '../../lib/api'
import { lifecycleKeys } from '../../lib/query-keys'

const id = encodeURIComponent

const contactQuery = <T>(contactId: string, part: string, path: string, extra?: unknown) =>
  queryOptions({
    queryKey: lifecycleKeys.part(contactId, part, extra),
    queryFn: ({ signal }) => api.get<T>(path, { signal, quiet: true }),
    meta: { live: true },
  })

export const redFlagsQuery = (contactId: string) =>
  contactQuery<RedFlagRow[]>(contactId, 'red-flags', `/contacts/getAllRedFlags/${id(contactId)}`)
export const additionalContactsQuery = (contactId: string) =>
  contactQuery<AdditionalContactRow[]>(contactId, 'additional', `/contactsAdditional/contact/${id(contactId)}`)
export const personalNotesQuery = (contactId: string) =>
  contactQuery<PersonalNoteRow[]>(contactId, 'notes', `/contact-personal-notes?contactId=${id(contactId)}`)
export const statusChangesQuery = (contactId: string, limit: number) =>
  contactQuery<{ rows: StatusChangeRow[]; total: number }>(
    contactId,
    'status-changes',
    `/contact-divisions/status-changes?contactId=${id(contactId)}&limit=${limit}`,
    limit,
  )
export const relatedEntitiesQuery = (contactId: string) =>
  contactQuery<RelatedEntityRow[]>(contactId, 'related', `/contacts/related-entities?contactId=${id(contactId)}`)
export const callAttemptsQuery = (contactId: string, divisionId: number) =>
  contactQuery<{ callAttempts: number; minCallAttempts: number }>(
    contactId,
    'call-attempts',
    `/activity/get-call-attempts?contactId=${id(contactId)}&divisionId=${divisionId}`,
    divisionId,
  )
