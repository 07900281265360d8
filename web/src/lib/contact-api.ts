import { queryOptions } from '@tanstack/react-query'
import type { ContactDetails } from '@crm/contracts'
import { api } from './api'
import { fetchFile } from './fetch-file'
import { contactsKeys } from './query-keys'

/** GET /contacts/{id}. A 404 is shown as a not-found page, not as a toast. */
export const contactQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contactsKeys.detail(id),
    queryFn: ({ signal }) => api.get<ContactDetails>(`/contacts/${encodeURIComponent(id)}`, { signal, quiet: [404] }),
    meta: { live: true },
  })

/** GET /contacts/business-card: the file of one of the contact's business cards. */
export const fetchBusinessCard = (contactId: string, documentKey: string, signal?: AbortSignal) =>
  fetchFile(`/contacts/business-card?${new URLSearchParams({ documentKey, contactId })}`, signal)
