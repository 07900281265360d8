import { cannotBeEmpty, dealerCategories, type DealerDuplicateAnswer, type DealerDuplicateQuery } from '@crm/contracts'
import { badRequest } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { visibleContactSql } from '../visibility/visibility-sql'
import type { Viewer } from '../viewer'

/**
 * The duplicate-check modal (docs/product.md 5): Name and Phone Number must be given ('{field} cannot be
 * empty.'), Zip Code is optional. A dealer with the same name (any case) and phone (digits), and the same zip
 * when both have one, among the dealers the viewer may see, is the duplicate; its id is for the link to it.
 */
export async function checkDealerDuplicate(
  db: Kysely<unknown>,
  viewer: Viewer,
  query: DealerDuplicateQuery,
): Promise<DealerDuplicateAnswer> {
  const name = query.name?.trim() ?? ''
  const phone = (query.businessPhone ?? '').replace(/\D/g, '')
  const errors: Record<string, string> = {}
  if (!name) errors.name = cannotBeEmpty('Name')
  if (!query.businessPhone?.trim()) errors.businessPhone = cannotBeEmpty('Phone Number')
  else if (!phone) errors.businessPhone = 'Phone Number must have digits'
  if (Object.keys(errors).length > 0) throw badRequest(Object.values(errors)[0]!, errors)
  const zip = query.addressZip?.trim() || null
  const { rows } = await sql<{ id: string; name: string }>`
    select c.id::text as id, c.name from contacts_list c
    where not c.deleted and c.contact_category in (${sql.join(dealerCategories.map((c) => sql.lit(c)))}) and lower(trim(c.name)) = ${name.toLowerCase()}
      and regexp_replace(coalesce(c.business_phone, ''), '[^0-9]', '', 'g') = ${phone}
      and (${zip}::text is null or c.zip is null or c.zip = ${zip})
      and ${visibleContactSql(viewer, sql`c.id`)}
    order by c.created_at, c.id
    limit 1`.execute(db)
  return { duplicate: rows[0] ?? null }
}
