import { queryOptions } from '@tanstack/react-query'
import {
  creditApplicationPath,
  creditApplicationSortFields,
  type CreditAnalyst,
  type CreditApplicationDetail,
  type CreditApplicationListName,
  type CreditApplicationRow,
  type CreditApplicationSource,
  type ListQuery,
  type Paged,
  type PossibleContact,
  type PublicFormToken,
  type SensitiveFieldKey,
} from '@crm/contracts'
import { api, apiRequest } from '../../lib/api'

type Answer = { id: string; position: string }
const base = (source: CreditApplicationSource) => `/${creditApplicationPath(source)}`

/** The list's table state as the API's options: only the sort fields and filters this list knows. */
export function applicationListOptions(query: ListQuery) {
  const sortable = (creditApplicationSortFields as readonly string[]).includes(query.sort.field)
  const statusId = Number(query.filter.statusId)
  const analystId = query.filter.analystId
  return {
    pagination: query.pagination,
    sort: sortable ? query.sort : { field: 'receivedAt', direction: 'desc' },
    filter: {
      ...(statusId >= 1 && statusId <= 7 && { statusId }),
      ...(typeof analystId === 'string' && analystId && { analystId }),
      ...(typeof query.filter.search === 'string' && query.filter.search.trim() && { search: query.filter.search }),
    },
  }
}

export const creditApplicationListQuery = (source: CreditApplicationSource, query: ListQuery) => {
  const options = applicationListOptions(query)
  return queryOptions({
    queryKey: ['credit-applications', source, 'list', options],
    queryFn: ({ signal }) =>
      api.get<Paged<CreditApplicationRow>>(`${base(source)}?options=${encodeURIComponent(JSON.stringify(options))}`, {
        signal,
      }),
    meta: { live: true },
  })
}

export const creditApplicationQuery = (source: CreditApplicationSource, id: string) =>
  queryOptions({
    queryKey: ['credit-applications', source, 'one', id],
    queryFn: ({ signal }) => api.get<CreditApplicationDetail>(`${base(source)}/${id}`, { signal, quiet: [404] }),
    meta: { live: true },
  })

/** The credit analysts an application of this source may be assigned to. */
export const creditAnalystsQuery = (source: CreditApplicationSource) =>
  queryOptions({
    queryKey: ['credit-applications', source, 'analysts'],
    queryFn: ({ signal }) => api.get<CreditAnalyst[]>(`${base(source)}/analysts`, { signal }),
    staleTime: 60_000,
  })

export const assignAnalyst = (source: CreditApplicationSource, id: string, analystId: string | null) =>
  api.post<Answer>(`${base(source)}/${id}/assign-analyst`, { analystId })

export const possibleContactsQuery = (source: CreditApplicationSource, id: string) =>
  queryOptions({
    queryKey: ['credit-applications', source, 'possible-contacts', id],
    queryFn: ({ signal }) => api.get<PossibleContact[]>(`${base(source)}/${id}/possible-contacts`, { signal }),
  })

export const editApplication = (source: CreditApplicationSource, id: string, changes: Record<string, unknown>) =>
  api.patch<Answer>(`${base(source)}/${id}`, changes)

export const changeApplicationStatus = (source: CreditApplicationSource, id: string, statusId: number) =>
  api.post<Answer>(`${base(source)}/${id}/status`, { statusId })

/** POST …/{id}/erase-personal-data (administrators): the applicants forgotten, for good. */
export const eraseApplicants = (source: CreditApplicationSource, id: string, reason: string | null) =>
  api.post<Answer>(`${base(source)}/${id}/erase-personal-data`, { reason })

export const completeApplication = (source: CreditApplicationSource, id: string) =>
  api.post<Answer>(`${base(source)}/${id}/complete`)

export const mergeWithContact = (source: CreditApplicationSource, id: string, contactId: string) =>
  api.post<Answer>(`${base(source)}/${id}/merge-with-contact`, { contactId })

export const createContactFromApplication = (applicationId: string, organizationTypeId: number | null) =>
  api.post<Answer>('/contacts/credit-application-contact', { applicationId, organizationTypeId })

export const replaceApplicationList = (
  source: CreditApplicationSource,
  id: string,
  list: CreditApplicationListName,
  items: unknown[],
) => apiRequest<Answer>(`${base(source)}/${id}/${list}`, { method: 'PUT', body: { items } })

export const revealSensitive = (source: CreditApplicationSource, id: string, field: SensitiveFieldKey) =>
  api.post<{ field: string; value: string | null }>(`${base(source)}/${id}/reveal`, { field })

/**
 * The public form's token, asked for when the form opens: sent back as `formToken`, it tells the server when the
 * form was shown (the least fill time runs from then). Each opening gets its own.
 */
export const publicFormTokenQuery = () =>
  queryOptions({
    queryKey: ['credit-applications', 'public-form-token'],
    queryFn: () => api.get<PublicFormToken>(`${base('website')}/apply/form-token`, { noAuthRedirect: true }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: 2,
  })

/** The public form (no sign-in): `formToken` from publicFormTokenQuery, `website` the field people never see. */
export const submitPublicApplication = (body: Record<string, unknown>) =>
  api.post<{ message: string }>(`${base('website')}/apply`, body, { noAuthRedirect: true })

/** The file viewer's name for an application's PDF preview (the file decoder finds its owner by it). */
export const previewFileName = (source: CreditApplicationSource, id: string) =>
  `credit-application-preview/${source}/${id}.pdf`
