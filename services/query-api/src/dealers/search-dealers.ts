import {
  dealerCategories,
  type DealerFilter,
  type DealerRow,
  type DealerSortField,
  type ListCount,
  type Paged,
} from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { FilterCaller } from '../common/filter-sql'
import { exactCount, likeContains, likeContainsAnyCase, pageTotal } from '../common/list-sql'
import { scopeConditions } from '../contact-lists/search-scope'
import type { DealerOptions } from './dealer-options'

const sortColumns: Record<DealerSortField, string> = {
  name: 's.name_key',
  businessPhone: 's.business_phone',
  state: 's.state',
  numberOfTrucks: 's.number_of_trucks',
  ownerName: 'lower(s.owner_name)',
  lastContactDate: 's.last_contact_date',
  lastMeetingDate: 's.last_meeting_date',
}

const dayStart = (day: string) => sql`${day}::date::timestamptz`
const dayEnd = (day: string) => sql`(${day}::date + 1)::timestamptz`
const PHONE_DIGITS = sql`regexp_replace(coalesce(s.business_phone, ''), '[^0-9]', '', 'g')`

/** The filter card as SQL over contact_search `s`; texts match by "contains" (docs/product.md 9). */
export function dealerFilterConditions(f: DealerFilter): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = []
  const anyCase = (column: RawBuilder<unknown>, text: string) =>
    c.push(sql`lower(${column}) like ${likeContainsAnyCase(text)}`)
  if (f.name) c.push(sql`s.name_key like ${likeContainsAnyCase(f.name)}`)
  if (f.businessPhone) {
    const digits = f.businessPhone.replace(/\D/g, '')
    if (digits) c.push(sql`${PHONE_DIGITS} like ${likeContains(digits)}`)
    else anyCase(sql`s.business_phone`, f.businessPhone)
  }
  if (f.addressZip) c.push(sql`s.zip like ${likeContains(f.addressZip)}`)
  if (f.organizationTypeId !== undefined) c.push(sql`s.organization_type_id = ${f.organizationTypeId}`)
  if (f.dotNumber) c.push(sql`s.dot_number like ${likeContains(f.dotNumber)}`)
  if (f.mcNumber) c.push(sql`s.mc_key like ${likeContainsAnyCase(f.mcNumber)}`)
  if (f.addressState) c.push(sql`s.state = ${f.addressState}`)
  if (f.numberOfTrucksFrom !== undefined) c.push(sql`s.number_of_trucks >= ${f.numberOfTrucksFrom}`)
  if (f.numberOfTrucksTo !== undefined) c.push(sql`s.number_of_trucks <= ${f.numberOfTrucksTo}`)
  if (f.ownerName) anyCase(sql`s.owner_name`, f.ownerName)
  if (f.nationalityId !== undefined) c.push(sql`s.nationality_id = ${f.nationalityId}`)
  if (f.companyTypeId !== undefined) c.push(sql`s.company_type_id = ${f.companyTypeId}`)
  if (f.email) anyCase(sql`s.email`, f.email)
  if (f.lastContactDateFrom) c.push(sql`s.last_contact_date >= ${dayStart(f.lastContactDateFrom)}`)
  if (f.lastContactDateTo) c.push(sql`s.last_contact_date < ${dayEnd(f.lastContactDateTo)}`)
  if (f.lastMeetingDateFrom) c.push(sql`s.last_meeting_date >= ${dayStart(f.lastMeetingDateFrom)}`)
  if (f.lastMeetingDateTo) c.push(sql`s.last_meeting_date < ${dayEnd(f.lastMeetingDateTo)}`)
  return c
}

/**
 * The dealers of the caller's division they may see (the lists' scope: reps theirs and unassigned, managers the
 * division), from the one list read model: contact_search rows of the dealer categories (4 and 5).
 */
function dealersWhere(caller: FilterCaller, options: DealerOptions): RawBuilder<unknown> {
  const conditions = [
    ...scopeConditions(caller, { filter: {} }, {}),
    sql`s.contact_category in (${sql.join(dealerCategories.map((c) => sql.lit(c)))})`,
    ...dealerFilterConditions(options.filter),
  ]
  return sql`from contact_search s left join users u on u.user_id = s.assigned where ${sql.join(conditions, sql` and `)}`
}

type DealerRecord = {
  contact_id: string
  name: string
  contact_category: number | null
  business_phone: string | null
  email: string | null
  owner_name: string | null
  organization_type_id: number | null
  company_type_id: number | null
  nationality_id: number | null
  dot_number: string | null
  mc_number: string | null
  state: string | null
  zip: string | null
  number_of_trucks: number | null
  last_contact_date: Date | string | null
  last_meeting_date: Date | string | null
  assigned_name: string | null
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

const toRow = (r: DealerRecord): DealerRow => ({
  id: r.contact_id,
  name: r.name,
  contactCategory: r.contact_category,
  businessPhone: r.business_phone,
  email: r.email,
  ownerName: r.owner_name,
  organizationTypeId: r.organization_type_id,
  companyTypeId: r.company_type_id,
  nationalityId: r.nationality_id,
  dotNumber: r.dot_number,
  mcNumber: r.mc_number,
  state: r.state,
  zip: r.zip,
  numberOfTrucks: r.number_of_trucks,
  lastContactDate: iso(r.last_contact_date),
  lastMeetingDate: iso(r.last_meeting_date),
  assignedName: r.assigned_name,
})

/** One page of the dealers table, sorted on the server, with its total. */
export async function searchDealers(
  db: Kysely<unknown>,
  caller: FilterCaller,
  options: DealerOptions,
): Promise<Paged<DealerRow>> {
  const where = dealersWhere(caller, options)
  const total = await pageTotal(db, where, options.pagination)
  const direction = options.sort.direction === 'asc' ? sql`asc` : sql`desc`
  const column = sql.raw(sortColumns[options.sort.field])
  const { limit, first } = options.pagination
  const { rows } = await sql<DealerRecord>`
    select s.contact_id::text as contact_id, s.name, s.contact_category, s.business_phone, s.email, s.owner_name,
      s.organization_type_id, s.company_type_id, s.nationality_id, s.dot_number, s.mc_number, s.state, s.zip,
      s.number_of_trucks, s.last_contact_date, s.last_meeting_date, u.name as assigned_name
    ${where}
    order by ${column} ${direction} nulls last, s.contact_id ${direction}
    limit ${limit} offset ${first}`.execute(db)
  return { rows: rows.map(toRow), ...total }
}

export const countDealers = (db: Kysely<unknown>, caller: FilterCaller, options: DealerOptions): Promise<ListCount> =>
  exactCount(db, dealersWhere(caller, options))
