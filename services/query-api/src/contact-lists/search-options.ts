import { checkContactFilter, contactFilterSchema, type ContactFilter } from '@crm/contracts'
import { z } from 'zod'
import { listOptionsParam, listOptionsQuery, type ListOptions } from '../common/list-options'

/** Sortable columns by API name → SQL over contact_search `s`; anything else is a 400, never raw SQL. */
export const searchSortColumns = {
  name: 's.name_key',
  createdAt: 's.created_at',
  importDate: 's.import_date',
  state: 's.state',
  numberOfTrucks: 's.number_of_trucks',
  dotNumber: 's.dot_number',
  mcNumber: 's.mc_number',
  organizationTypeId: 's.organization_type_id',
  companyTypeId: 's.company_type_id',
  ownerName: 's.owner_name',
  businessPhone: 's.business_phone',
  lastContactDate: 's.last_contact_date',
  lastMeetingDate: 's.last_meeting_date',
  statusId: 's.status_id',
  currentBalance: 's.current_balance',
  daysLate: 's.days_late',
  lastCollectionActivity: 's.last_collection_activity',
  assignedName: 'u.name',
} as const
export type SearchSortField = keyof typeof searchSortColumns

/**
 * Sort columns that are never null. Their order needs no `nulls last`, so one btree index serves both
 * directions (read backwards for desc); a nullable column's `desc nulls last` needs an index made that way.
 */
export const notNullSortFields: ReadonlySet<SearchSortField> = new Set(['name', 'statusId'])

export type SearchOptions = ListOptions<SearchSortField, ContactFilter>

/** The list query with Advanced Search's filter fields, checked field by field and across fields. */
const searchList = {
  sortFields: Object.keys(searchSortColumns) as SearchSortField[],
  filter: contactFilterSchema,
}
const searchQueryOf = (divisionImplied: boolean) =>
  listOptionsQuery({ ...searchList, checkFilter: (filter) => checkContactFilter(filter, { divisionImplied }) })
export const searchQuery = searchQueryOf(false)
export const listQuery = searchQueryOf(true)

const optionsParam = (query: typeof searchQuery) =>
  listOptionsParam(
    searchList,
    query,
    'JSON: {pagination:{limit,first}, sort:{field,direction}, filter:{<Advanced Search fields>}, tableFilter:{global}}',
  )

/** `?options=<ListQuery JSON>` as the web keeps it in its own URL: Advanced Search over all contacts. */
export const searchParams = z.object({ options: optionsParam(searchQuery) })
/** The same for the lists of one division, where the division is the list's. */
export const listParams = z.object({ options: optionsParam(listQuery) })
