import { queryOptions } from '@tanstack/react-query'
import type { CreateContact, HistoryEntry, LegalData, RelatedEntityRow, UpdateContact } from '@crm/contracts'
import { contactsKeys } from '../../lib/query-keys'
import { api } from '../../lib/api'

const newestFirst = (a: HistoryEntry, b: HistoryEntry) =>
  b.occurredAt.localeCompare(a.occurredAt) || b.streamVersion - a.streamVersion

/** GET /contacts/history/{id}, newest first. The card has its own error state, so no toast. */
export const contactHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: contactsKeys.history(id),
    queryFn: ({ signal }) =>
      api.get<HistoryEntry[]>(`/contacts/history/${encodeURIComponent(id)}`, { signal, quiet: true }),
    select: (entries) => [...entries].sort(newestFirst),
    meta: { live: true },
  })

/** GET /contacts/legal-data: the carrier's census facts as the last import wrote them. */
export const legalDataQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: contactsKeys.legalData(contactId),
    queryFn: ({ signal }) =>
      api.get<LegalData>(`/contacts/legal-data?${new URLSearchParams({ contactId })}`, { signal, quiet: true }),
    meta: { live: true },
  })

/** POST /contacts → 201 { id, position }. The position is remembered by the API client (read-your-writes). */
export function createContact(body: CreateContact): Promise<{ id: string; position: string }> {
  return api.post('/contacts', body)
}

/** GET /contacts/existing: contacts that look like the one about to be created (DOT, MC, name, phone, email). */
export function findExisting(body: CreateContact): Promise<RelatedEntityRow[]> {
  const params = new URLSearchParams()
  for (const key of ['name', 'dotNumber', 'mcNumber', 'businessPhone', 'email'] as const) {
    const value = body[key]
    if (typeof value === 'string' && value.trim() !== '') params.set(key, value.trim())
  }
  return api.get<RelatedEntityRow[]>(`/contacts/existing?${params}`, { quiet: true })
}

/** POST /contacts/erase-personal-data/{id} (administrators): right to be forgotten, for good. */
export const erasePersonalData = (contactId: string, reason: string | null) =>
  api.post(`/contacts/erase-personal-data/${encodeURIComponent(contactId)}`, { reason })

/** PATCH /contacts/{id}: the changed fields only. */
export const updateContact = (contactId: string, changes: UpdateContact) =>
  api.patch(`/contacts/${encodeURIComponent(contactId)}`, changes)
