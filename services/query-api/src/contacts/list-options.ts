import { listQuerySchema, type ListQuery } from '@crm/contracts'
import { z } from 'zod'
import { parseJson } from '../common/parse-json'

/** Sortable columns by their API name; anything else is refused (400), never passed to SQL. */
export const contactSortColumns = {
  name: 'name',
  createdAt: 'created_at',
  state: 'state',
  numberOfTrucks: 'number_of_trucks',
  dotNumber: 'dot_number',
  mcNumber: 'mc_number',
  organizationTypeId: 'organization_type_id',
  companyTypeId: 'company_type_id',
  ownerName: 'owner_name',
  businessPhone: 'business_phone',
  lastContactDate: 'last_contact_date',
  lastMeetingDate: 'last_meeting_date',
  importDate: 'import_date',
  statusId: 'status_id',
} as const
export type ContactSortField = keyof typeof contactSortColumns

/** Filters of the contacts table (docs/product.md section 2); null or '' means "not filtered". */
const filterSchema = z
  .object({
    name: z.coerce.string().max(200),
    statusId: z.coerce.number().int().positive(),
    state: z.string().max(2),
    dotNumber: z.coerce.string().max(20),
    mcNumber: z.coerce.string().max(20),
  })
  .partial()
  .strict()
export type ContactFilter = z.infer<typeof filterSchema>

export type ContactListOptions = Omit<ListQuery, 'filter' | 'sort'> & {
  sort: { field: ContactSortField; direction: 'asc' | 'desc' }
  filter: ContactFilter
}

const contactListQuery = listQuerySchema.transform((query, ctx): ContactListOptions => {
  // Own keys only: `toString` or `__proto__` are "in" every object, and the value goes into SQL text.
  if (!Object.hasOwn(contactSortColumns, query.sort.field)) {
    ctx.addIssue({ code: 'custom', path: ['sort', 'field'], message: `Cannot sort by ${query.sort.field}` })
  }
  const present = Object.fromEntries(Object.entries(query.filter).filter(([, v]) => v !== null && v !== ''))
  const filter = filterSchema.safeParse(present)
  if (!filter.success) {
    for (const issue of filter.error.issues) {
      const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path[0]
      ctx.addIssue({
        code: 'custom',
        path: ['filter', String(key ?? '')],
        message: issue.code === 'unrecognized_keys' ? 'Unknown filter' : issue.message,
      })
    }
  }
  return { ...query, sort: query.sort as ContactListOptions['sort'], filter: filter.data ?? {} }
})

/** `?options=<JSON of listQuerySchema>` (the web keeps the same JSON in its own URL). */
export const contactListParams = z.object({
  options: z
    .string()
    .max(10_000)
    .default('{}')
    .describe(
      'JSON: {pagination:{limit,first}, sort:{field,direction}, filter:{name,statusId,state,dotNumber,mcNumber}, tableFilter:{global}}',
    )
    .transform(parseJson)
    .pipe(contactListQuery),
})
