import {
  checkContactFilter,
  contactFilterSchema,
  listQuerySchema,
  type ContactFilter,
  type ListQuery,
} from '@crm/contracts'
import { documentedAsJson } from '@crm/platform'
import { z } from 'zod'
import { parseJson } from '../common/parse-json'

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

export type SearchOptions = Omit<ListQuery, 'filter' | 'sort'> & {
  sort: { field: SearchSortField; direction: 'asc' | 'desc' }
  filter: ContactFilter
}

/** The list query with Advanced Search's filter fields, checked field by field and across fields. */
const searchQueryOf = (divisionImplied: boolean) =>
  listQuerySchema.transform((query, ctx): SearchOptions => {
    // Own keys only: `toString` or `__proto__` are "in" every object, and the value goes into SQL text.
    if (!Object.hasOwn(searchSortColumns, query.sort.field)) {
      ctx.addIssue({ code: 'custom', path: ['sort', 'field'], message: `Cannot sort by ${query.sort.field}` })
    }
    const present = Object.fromEntries(Object.entries(query.filter).filter(([, v]) => v !== null && v !== ''))
    const parsed = contactFilterSchema.safeParse(present)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path[0]
        const message = issue.code === 'unrecognized_keys' ? 'Unknown filter' : issue.message
        ctx.addIssue({ code: 'custom', path: ['filter', String(key ?? '')], message })
      }
      return z.NEVER
    }
    for (const [field, message] of Object.entries(checkContactFilter(parsed.data, { divisionImplied }))) {
      ctx.addIssue({ code: 'custom', path: ['filter', field], message })
    }
    return { ...query, sort: query.sort as SearchOptions['sort'], filter: parsed.data }
  })
export const searchQuery = searchQueryOf(false)
export const listQuery = searchQueryOf(true)

/** What `options` holds, for the document: the list query with its sort fields and Advanced Search filters. */
const optionsDocument = listQuerySchema.extend({
  sort: z.object({ field: z.enum(Object.keys(searchSortColumns)), direction: z.enum(['asc', 'desc']) }).optional(),
  filter: contactFilterSchema.optional(),
})

const optionsParam = (query: typeof searchQuery) =>
  documentedAsJson(z.string().max(10_000), optionsDocument)
    .default('{}')
    .describe(
      'JSON: {pagination:{limit,first}, sort:{field,direction}, filter:{<Advanced Search fields>}, tableFilter:{global}}',
    )
    .transform(parseJson)
    .pipe(query)

/** `?options=<ListQuery JSON>` as the web keeps it in its own URL: Advanced Search over all contacts. */
export const searchParams = z.object({ options: optionsParam(searchQuery) })
/** The same for the lists of one division, where the division is the list's. */
export const listParams = z.object({ options: optionsParam(listQuery) })
