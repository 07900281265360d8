import { queryOptions } from '@tanstack/react-query'
import type { ContactListName, ContactSearchRow, ListCount, ListQuery, Paged } from '@crm/contracts'
import { encodeListOptions } from '../../components/data-table/list-query-codec'
import { api } from '../../lib/api'
import { listKeys } from '../../lib/query-keys'

/** Where a list's rows come from: a named list of docs/product.md section 2, or Advanced Search (master data). */
export type ListSource = { list: ContactListName } | { list: null }

const listPageKey = (source: ListSource, query: ListQuery, divisionId: number | null) =>
  [...listKeys.all, source.list ?? 'master-data', divisionId, query] as const

export const inDivision = (divisionId: number | null) =>
  divisionId === null ? undefined : { 'x-division-id': String(divisionId) }

export const listPath = (source: ListSource) => (source.list ? `/contact-lists/${source.list}` : '/advanced-search')

/** GET /contact-lists/{list}?options=… or /advanced-search?options=… */
export const contactListQueryOptions = (source: ListSource, query: ListQuery, divisionId: number | null) =>
  queryOptions({
    queryKey: listPageKey(source, query, divisionId),
    queryFn: ({ signal }) =>
      api.get<Paged<ContactSearchRow>>(`${listPath(source)}?options=${encodeListOptions(query)}`, {
        signal,
        headers: inDivision(divisionId),
      }),
    meta: { live: true },
  })

/** GET /contact-lists/{list}/count or /advanced-search/count: the exact total an estimated page stands for. */
export const countContactList = (source: ListSource, query: ListQuery, divisionId: number | null) =>
  api.get<ListCount>(`${listPath(source)}/count?options=${encodeListOptions(query)}`, {
    headers: inDivision(divisionId),
  })

type Done = { position: string }
/** Bulk contact commands answer 200 with the contacts they could not change, and why. */
export type BulkResult = Done & { done: number; failed: { id: string; message: string }[] }
export const assignContacts = (body: {
  ids: string[]
  divisionId: number
  assigned: string
  isMasterDataAssign: boolean
}) =>
  api.post<BulkResult>('/contacts/assignUser', {
    model: { assigned: body.assigned, cscCreationDate: null },
    ids: body.ids,
    divisionId: body.divisionId,
    isMasterDataAssign: body.isMasterDataAssign,
  })
export const unassignContacts = (divisionId: number, contactIds: string[]) =>
  api.post<Done>('/contacts/unassignContacts', { divisionId, contactIds })
export const deleteContacts = (ids: string[]) => api.delete<Done>('/contacts/multiple', { body: { ids } })

/** The task of Assign With Task (POST /task, JSON): one per contact, for the user they were assigned to. */
export type ContactTask = {
  title: string
  description: string | null
  assigned: string
  priority: 0 | 1
  dueDate: string
  activityType: number
  contactId: string
  /** Absent over all divisions (master data): the server takes the author's division. */
  divisionId?: number
  timeZone: string
}
/** Quiet: refusals (a contact gone or combined meanwhile) go into one summary. */
export const createContactTask = (task: ContactTask) => api.post<Done & { id: string }>('/task', task, { quiet: true })
