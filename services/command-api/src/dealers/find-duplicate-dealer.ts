import { canSeeContact, dealerCategories, type Caller, type ContactStanding } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'

export interface DealerKey {
  name?: string | null
  businessPhone?: string | null
  addressZip?: string | null
}

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '')

/**
 * Another dealer with the same name (any case) and phone (digits only), and the same zip when both have one
 * (docs/product.md 5: zip is optional). Read from the contact record (contacts_list), among the dealers the caller
 * may see: the same rule as the duplicate-check modal. Null when there is none.
 */
export async function findDuplicateDealer(
  db: Kysely<unknown>,
  caller: Caller,
  key: DealerKey,
  exceptId: string | null = null,
): Promise<string | null> {
  const name = key.name?.trim().toLowerCase() ?? ''
  const phone = digits(key.businessPhone)
  if (!name || !phone) return null
  const zip = key.addressZip?.trim() || null
  const { rows } = await sql<{ id: string; standings: ContactStanding[] | null }>`
    select c.id::text as id,
      (select json_agg(json_build_object('divisionId', d.division_id, 'assigned', d.assigned))
         from contact_divisions d where d.contact_id = c.id) as standings
    from contacts_list c
    where not c.deleted and c.contact_category in (${sql.join(dealerCategories.map((c) => sql.lit(c)))}) and lower(trim(c.name)) = ${name}
      and regexp_replace(coalesce(c.business_phone, ''), '[^0-9]', '', 'g') = ${phone}
      and (${zip}::text is null or c.zip is null or c.zip = ${zip})
      and (${exceptId}::uuid is null or c.id <> ${exceptId}::uuid)
    limit 20`.execute(db)
  return rows.find((r) => canSeeContact(caller, r.standings ?? []))?.id ?? null
}
