import { QUICK_SEARCH_LIMIT, type QuickSearchHit } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { FilterCaller } from '../advanced-search/filter-sql'
import { likeContains, likeStartsWith } from '../common/list-sql'
import { scopeConditions } from '../contact-lists/search-scope'

/**
 * The business phone's digits, written exactly as the contact_search index on them
 * (services/projector/src/read-models/contact-search/contact-search.schema.ts): any other spelling is not
 * matched to the index.
 */
const phoneDigits = sql`regexp_replace(coalesce(s.business_phone, ''), '[^0-9]', '', 'g')`

export interface HitRecord {
  contact_id: string
  name: string
  dba: string | null
  dot_number: string | null
  mc_number: string | null
  business_phone: string | null
  city: string | null
  state: string | null
  status_id: number | null
}

/**
 * The top bar's search (docs/product.md section 2): contacts the caller may see, by the same scope as the lists,
 * whose name or DBA contains the text, whose DOT or MC number or e-mail starts with it, or, for 3+ digits, whose
 * business phone's digits contain them. Exact DOT / MC numbers and names that start with the text come first.
 */
export async function quickSearch(db: Kysely<unknown>, caller: FilterCaller, text: string): Promise<QuickSearchHit[]> {
  const { rows } = await quickSearchSql(caller, text).execute(db)
  return rows.map((r) => ({
    id: r.contact_id,
    name: r.name,
    dba: r.dba,
    dotNumber: r.dot_number,
    mcNumber: r.mc_number,
    businessPhone: r.business_phone,
    city: r.city,
    state: r.state,
    statusId: r.status_id,
  }))
}

/** The statement of quickSearch, on its own for the benchmark's psql baseline. */
export function quickSearchSql(caller: FilterCaller, text: string): RawBuilder<HitRecord> {
  const lowered = text.toLowerCase()
  const contains = likeContains(lowered)
  const prefix = likeStartsWith(lowered)
  const matches: RawBuilder<unknown>[] = [
    sql`lower(s.name) like ${contains}`,
    sql`lower(s.dba) like ${contains}`,
    sql`lower(s.email) like ${prefix}`,
  ]
  const isNumber = /^\d+$/.test(text)
  if (isNumber) matches.push(sql`s.dot_number like ${prefix}`, sql`s.mc_number like ${prefix}`)
  const digits = text.replace(/\D/g, '')
  if (digits.length >= 3) matches.push(sql`${phoneDigits} like ${`%${digits}%`}`)

  const ranks: RawBuilder<unknown>[] = [sql`lower(s.name) like ${prefix} desc`, sql`lower(s.name)`, sql`s.contact_id`]
  if (isNumber) ranks.unshift(sql`(s.dot_number = ${text} or s.mc_number = ${text}) desc`)

  // Executives read one row per contact (its first division's); the status shown is still their division's.
  const scope = scopeConditions(caller, { filter: {} }, { masterData: true })
  return sql<HitRecord>`
    select s.contact_id, s.name, s.dba, s.dot_number, s.mc_number, s.business_phone, s.city, s.state,
      case when s.division_id = ${caller.divisionId} then s.status_id
        else (select d.status_id from contact_search d
              where d.contact_id = s.contact_id and d.division_id = ${caller.divisionId} and not d.deleted)
      end as status_id
    from contact_search s
    where ${sql.join(scope, sql` and `)} and (${sql.join(matches, sql` or `)})
    order by ${sql.join(ranks)}
    limit ${QUICK_SEARCH_LIMIT}`
}
