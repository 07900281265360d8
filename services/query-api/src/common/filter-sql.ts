import { ContactStatus, contactListMessages, type ContactFilter } from '@crm/contracts'
import { forbidden, hasPermission } from '@crm/platform'
import { sql, type RawBuilder } from 'kysely'
import { likeContains as contains, likeContainsAnyCase as containsAnyCase } from './list-sql'
import type { Viewer } from '../viewer'
import { withinDistance, zipCentre } from './distance'

export type FilterCaller = Viewer & { permissions: string[] }

const dayStart = (day: string) => sql`${day}::date::timestamptz`
const dayEnd = (day: string) => sql`(${day}::date + 1)::timestamptz`

/** docs/product.md section 6: some filters belong to some roles. */
function requirePermission(caller: FilterCaller, permission: string): void {
  if (!caller.permissions.includes(permission) && !caller.permissions.includes('admin')) {
    throw forbidden(contactListMessages.notAllowedFilter)
  }
}

/** Whether the filter matches any text by "contains" (textFilterConditions). */
export const filtersByText = (f: ContactFilter): boolean => Boolean(f.name || f.dba || f.mcNumber || f.dotNumber)

/**
 * Advanced Search fields as SQL conditions over contact_search `s`. Texts match by "contains" (docs/product.md 9:
 * a DOT filter `123` finds `991234`), written as the trigram indexes of contact_search are built.
 */
export function filterConditions(filter: ContactFilter, caller: FilterCaller): RawBuilder<unknown>[] {
  return [...textFilterConditions(filter), ...otherFilterConditions(filter, caller)]
}

/** The filter's "contains" texts (name, DBA, MC, DOT), each a condition a trigram index of contact_search serves. */
export function textFilterConditions(f: ContactFilter): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = []
  if (f.name) c.push(sql`s.name_key like ${containsAnyCase(f.name)}`)
  if (f.dba) c.push(sql`lower(s.dba) like ${containsAnyCase(f.dba)}`)
  if (f.mcNumber) c.push(sql`s.mc_key like ${containsAnyCase(f.mcNumber)}`)
  if (f.dotNumber) c.push(sql`s.dot_number like ${contains(f.dotNumber)}`)
  return c
}

/** Every condition of the filter but its "contains" texts. */
export function otherFilterConditions(f: ContactFilter, caller: FilterCaller): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = []
  if (f.organizationTypeId !== undefined) c.push(sql`s.organization_type_id = ${f.organizationTypeId}`)
  if (f.companyTypeId !== undefined) c.push(sql`s.company_type_id = ${f.companyTypeId}`)
  if (f.creationDateFrom) c.push(sql`s.created_at >= ${dayStart(f.creationDateFrom)}`)
  if (f.creationDateTo) c.push(sql`s.created_at < ${dayEnd(f.creationDateTo)}`)
  if (f.importDateFrom) c.push(sql`s.import_date >= ${dayStart(f.importDateFrom)}`)
  if (f.importDateTo) c.push(sql`s.import_date < ${dayEnd(f.importDateTo)}`)
  if (f.lastContactDateFrom) c.push(sql`s.last_contact_date >= ${dayStart(f.lastContactDateFrom)}`)
  if (f.lastContactDateTo) c.push(sql`s.last_contact_date < ${dayEnd(f.lastContactDateTo)}`)
  if (f.sourceId !== undefined) c.push(sql`s.source_id = ${f.sourceId}`)
  if (f.numberOfTrucksFrom !== undefined) c.push(sql`s.number_of_trucks >= ${f.numberOfTrucksFrom}`)
  if (f.numberOfTrucksTo !== undefined) c.push(sql`s.number_of_trucks <= ${f.numberOfTrucksTo}`)
  if (f.estimatedRevenueFrom !== undefined) c.push(sql`s.estimated_revenue >= ${f.estimatedRevenueFrom}`)
  if (f.estimatedRevenueTo !== undefined) c.push(sql`s.estimated_revenue <= ${f.estimatedRevenueTo}`)
  if (f.effortLevel !== undefined) c.push(sql`s.effort_level = ${f.effortLevel}`)
  if (f.grade !== undefined) c.push(sql`s.grade = ${f.grade}`)
  if (f.operatingStatus) c.push(sql`lower(s.operating_status) = lower(${f.operatingStatus})`)
  if (f.city) c.push(sql`lower(s.city) = lower(${f.city})`)
  if (f.state) {
    const states = f.state.split(',')
    c.push(states.length === 1 ? sql`s.state = ${states[0]}` : sql`s.state = any(${states}::text[])`)
  }
  if (f.zip && f.distance) c.push(withinDistance(zipCentre(f.zip), f.distance))
  if (f.salesperson) {
    requirePermission(caller, 'manager')
    c.push(sql`s.assigned = ${f.salesperson}::uuid`)
  }
  if (f.redFlag !== undefined) c.push(f.redFlag === 1 ? sql`s.opened_flags > 0` : sql`s.opened_flags = 0`)
  if (f.divisionAccounts !== undefined) {
    requirePermission(caller, 'view-all-division-accounts')
    c.push(sql`exists (select 1 from contact_search a where a.contact_id = s.contact_id
      and a.division_id = ${f.divisionAccounts} and a.status_id = ${sql.lit(ContactStatus.Account)} and not a.deleted)`)
  }
  if (f.divisionLeads !== undefined) {
    c.push(sql`exists (select 1 from contact_search a where a.contact_id = s.contact_id
      and a.division_id = ${f.divisionLeads} and a.status_id = ${sql.lit(ContactStatus.Lead)} and not a.deleted)`)
  }
  if (f.isExYu !== undefined) {
    requirePermission(caller, 'executive')
    c.push(f.isExYu === 1 ? sql`s.is_ex_yu` : sql`not s.is_ex_yu`)
  }
  if (f.statusId !== undefined) c.push(sql`s.status_id = ${f.statusId}`)
  if (f.assigned === 'unassigned') c.push(sql`s.assigned is null`)
  else if (f.assigned) {
    // Without assign-any a user filters by themselves only (the Assigned select is locked, docs/product.md 6).
    if (f.assigned !== caller.userId && !hasPermission(caller, 'assign-any') && !caller.seesWholeDivision) {
      throw forbidden(contactListMessages.notAllowedFilter)
    }
    c.push(sql`s.assigned = ${f.assigned}::uuid`)
  }
  return c
}
