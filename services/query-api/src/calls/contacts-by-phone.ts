import type { PhoneMatch } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import type { FilterCaller } from '../common/filter-sql'
import { scopeConditions } from '../contact-lists/search-scope'

/** A number's last ten digits: '+1 (312) 555-0142' and '312.555.0142' are the same line. */
export const lastTenDigits = (phoneNumber: string | null) => (phoneNumber ?? '').replace(/\D/g, '').slice(-10)
const lastTen = (column: ReturnType<typeof sql>) =>
  sql`right(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), 10)`

interface MatchRow {
  contact_id: string
  name: string
  business_phone: string | null
  mobile_phone: string | null
  home_phone: string | null
  status_id: number | null
}

/**
 * The contacts the caller may see (the lists' scope) with a phone field (business, mobile, home) whose digits end
 * as one of the numbers' do, by number: callers and call log entries matched to contacts however either side
 * wrote the number. One query for a whole page of numbers.
 */
export async function contactsByPhones(
  db: Kysely<unknown>,
  caller: FilterCaller,
  phoneNumbers: readonly (string | null)[],
  perNumber = 20,
): Promise<Map<string, PhoneMatch[]>> {
  const wanted = [...new Set(phoneNumbers.map(lastTenDigits).filter((d) => d.length >= 7))]
  const found = new Map<string, PhoneMatch[]>()
  if (wanted.length === 0) return found
  const scope = scopeConditions(caller, { filter: {} }, { masterData: true })
  const { rows } = await sql<MatchRow>`
    select s.contact_id, s.name, s.business_phone, s.mobile_phone, c.home_phone, s.status_id
    from contact_search s left join contacts_list c on c.id = s.contact_id
    where ${sql.join(scope, sql` and `)}
      and (${lastTen(sql`s.business_phone`)} = any(${wanted}) or ${lastTen(sql`s.mobile_phone`)} = any(${wanted})
        or ${lastTen(sql`c.home_phone`)} = any(${wanted}))
    order by s.name, s.contact_id
    limit ${wanted.length * perNumber}`.execute(db)
  for (const r of rows) {
    const match: PhoneMatch = {
      id: r.contact_id,
      name: r.name,
      businessPhone: r.business_phone,
      mobilePhone: r.mobile_phone,
      homePhone: r.home_phone,
      statusId: r.status_id,
    }
    const numbers = new Set([r.business_phone, r.mobile_phone, r.home_phone].map(lastTenDigits))
    for (const digits of wanted) {
      if (!numbers.has(digits)) continue
      const list = found.get(digits) ?? []
      if (list.length < perNumber) found.set(digits, [...list, match])
    }
  }
  return found
}

export async function contactsByPhone(
  db: Kysely<unknown>,
  caller: FilterCaller,
  phoneNumber: string,
): Promise<PhoneMatch[]> {
  return (await contactsByPhones(db, caller, [phoneNumber])).get(lastTenDigits(phoneNumber)) ?? []
}
