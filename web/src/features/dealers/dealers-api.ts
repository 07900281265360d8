import { queryOptions } from '@tanstack/react-query'
import type {
  ContactDetails,
  CreateDealer,
  DealerDuplicateAnswer,
  DealerRow,
  ListCount,
  ListQuery,
  Paged,
  UpdateDealer,
} from '@crm/contracts'
import { encodeListOptions } from '../../components/data-table/list-query-codec'
import { api } from '../../lib/api'
import { contactsKeys, listKeys } from '../../lib/query-keys'

const inDivision = (divisionId: number | null) =>
  divisionId === null ? undefined : { 'x-division-id': String(divisionId) }

/** Dealer lists refresh with the contact lists (a dealer is a contact), so they share their key root. */
export const dealerKeys = {
  list: (query: ListQuery, divisionId: number | null) => [...listKeys.all, 'ts-dealers', divisionId, query] as const,
  detail: (id: string) => [...contactsKeys.detail(id), 'dealer'] as const,
}

/** GET /ts-dealers?options=… */
export const dealerListQueryOptions = (query: ListQuery, divisionId: number | null) =>
  queryOptions({
    queryKey: dealerKeys.list(query, divisionId),
    queryFn: ({ signal }) =>
      api.get<Paged<DealerRow>>(`/ts-dealers?options=${encodeListOptions(query)}`, {
        signal,
        headers: inDivision(divisionId),
      }),
    meta: { live: true },
  })

/** GET /ts-dealers/count: the exact total an estimated page stands for. */
export const countDealers = (query: ListQuery, divisionId: number | null) =>
  api.get<ListCount>(`/ts-dealers/count?options=${encodeListOptions(query)}`, { headers: inDivision(divisionId) })

/** GET /ts-dealers/{id}. A 404 is shown as a not-found page, not as a toast. */
export const dealerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: dealerKeys.detail(id),
    queryFn: ({ signal }) => api.get<ContactDetails>(`/ts-dealers/${encodeURIComponent(id)}`, { signal, quiet: [404] }),
    meta: { live: true },
  })

export type DealerKeyInput = { name: string; businessPhone: string; addressZip: string }

/** GET /ts-dealers/duplicate-check: 400 names the empty fields; the form shows them under the fields. */
export const checkDealerDuplicate = (input: DealerKeyInput) =>
  api.get<DealerDuplicateAnswer>(`/ts-dealers/duplicate-check?${new URLSearchParams(input).toString()}`, {
    quiet: [400],
  })

type Done = { id: string; position: string }
/** POST /ts-dealers. */
export const createDealer = (body: CreateDealer) => api.post<Done>('/ts-dealers', body, { quiet: [400] })
/** PATCH /ts-dealers/{id}: only the changed fields. */
export const updateDealer = (id: string, changes: UpdateDealer) =>
  api.patch<Done>(`/ts-dealers/${encodeURIComponent(id)}`, changes, { quiet: [400] })
