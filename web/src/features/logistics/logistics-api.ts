import { queryOptions } from '@tanstack/react-query'
import {
  loadSortFields,
  type ContactDetails,
  type ContactSearchRow,
  type CreateLoad,
  type CreateLogisticsCustomer,
  type ListCount,
  type ListQuery,
  type LoadRow,
  type LoadTotals,
  type LogisticsListName,
  type Paged,
  type UpdateLoad,
  type UpdateLogisticsCustomer,
} from '@crm/contracts'
import { encodeListOptions } from '../../components/data-table/list-query-codec'
import { api } from '../../lib/api'
import { lifecycleKeys, listKeys } from '../../lib/query-keys'

const inDivision = (divisionId: number | null) =>
  divisionId === null ? undefined : { 'x-division-id': String(divisionId) }

/** GET /customers-logistic/{list}?options=…: one page of a logistics list, in the contacts table's row shape. */
export const customerListQueryOptions = (list: LogisticsListName, query: ListQuery, divisionId: number | null) =>
  queryOptions({
    queryKey: [...listKeys.all, 'logistics', list, divisionId, query] as const,
    queryFn: ({ signal }) =>
      api.get<Paged<ContactSearchRow>>(`/customers-logistic/${list}?options=${encodeListOptions(query)}`, {
        signal,
        headers: inDivision(divisionId),
      }),
    meta: { live: true },
  })

export const countCustomerList = (list: LogisticsListName, query: ListQuery, divisionId: number | null) =>
  api.get<ListCount>(`/customers-logistic/${list}/count?options=${encodeListOptions(query)}`, {
    headers: inDivision(divisionId),
  })

/** GET /customers-logistic/{id}: the contact as a logistics customer (404: not one, or not visible). */
export const customerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: lifecycleKeys.part(id, 'logistics-customer'),
    queryFn: ({ signal }) =>
      api.get<ContactDetails>(`/customers-logistic/${encodeURIComponent(id)}`, { signal, quiet: [404] }),
    meta: { live: true },
  })

/** The loads table sorts by its own fields; a list query from elsewhere (sorted by name) starts at the newest pick-up. */
const loadsOptions = (query: ListQuery) => {
  const sort = (loadSortFields as readonly string[]).includes(query.sort.field)
    ? query.sort
    : { field: 'pickUpDate', direction: 'desc' as const }
  return encodeURIComponent(JSON.stringify({ pagination: query.pagination, sort }))
}

/** GET /customers-logistic-loads/all/{contactId}: the customer's loads, a page at a time. */
export const loadsQueryOptions = (contactId: string, query: ListQuery) =>
  queryOptions({
    queryKey: lifecycleKeys.part(contactId, 'loads', query),
    queryFn: ({ signal }) =>
      api.get<Paged<LoadRow>>(
        `/customers-logistic-loads/all/${encodeURIComponent(contactId)}?options=${loadsOptions(query)}`,
        { signal },
      ),
  })

/** GET /customers-logistic-loads/totals/{contactId}: load pay in total and per month. */
export const loadTotalsQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: lifecycleKeys.part(contactId, 'load-totals'),
    queryFn: ({ signal }) =>
      api.get<LoadTotals>(`/customers-logistic-loads/totals/${encodeURIComponent(contactId)}`, { signal }),
  })

type Answer = { id: string; position: string; message: string }

export const logisticsCommands = {
  createCustomer: (body: CreateLogisticsCustomer) => api.post<Answer>('/customers-logistic', body),
  updateCustomer: (id: string, body: UpdateLogisticsCustomer) =>
    api.patch<Answer>(`/customers-logistic/${encodeURIComponent(id)}`, body),
  deleteCustomers: (ids: string[]) =>
    api.delete<{ done: number; failed: { id: string; message: string }[] }>('/customers-logistic/multiple', {
      body: { ids },
    }),
  bookLoad: (body: CreateLoad) => api.post<Answer & { contactId: string }>('/customers-logistic-loads', body),
  editLoad: (id: string, body: UpdateLoad) =>
    api.patch<Answer & { contactId: string }>(`/customers-logistic-loads/${encodeURIComponent(id)}`, body),
  deleteLoad: (id: string) =>
    api.delete<Answer & { contactId: string }>(`/customers-logistic-loads/${encodeURIComponent(id)}`),
}
