import type { RelatedEntityRow } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { visibleContactSql } from '../visibility/visibility-sql'
import type { Viewer } from '../viewer'

export interface DuplicateProbe {
  name?: string | null
  dotNumber?: string | null
  mcNumber?: string | null
  businessPhone?: string | null
  email?: string | null
}

const clean = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null)

/**
 * Contacts that look like the same company (docs/product.md: duplicates by DOT, MC, name, phone and email), with
 * what matched. Used by the create form's duplicate toast and the Possible Duplicates modal.
 */
export async function findDuplicates(
  db: Kysely<unknown>,
  viewer: Viewer,
  probe: DuplicateProbe,
  exceptIds: string[] = [],
): Promise<RelatedEntityRow[]> {
  const name = clean(probe.name)?.toLowerCase() ?? null
  const dot = clean(probe.dotNumber)
  const mc = clean(probe.mcNumber)
  const phone = clean(probe.businessPhone)
  const email = clean(probe.email)?.toLowerCase() ?? null
  if (!name && !dot && !mc && !phone && !email) return []
  const { rows } = await sql<Record<string, string | null> & { matched: string[] }>`
    select id::text, name, owner_name, street1, city, state, zip, email, business_phone, dot_number, mc_number,
      array_remove(array[
        case when ${dot}::text is not null and dot_number = ${dot} then 'DOT' end,
        case when ${mc}::text is not null and mc_number = ${mc} then 'MC' end,
        case when ${name}::text is not null and lower(name) = ${name} then 'Name' end,
        case when ${phone}::text is not null and business_phone = ${phone} then 'Phone' end,
        case when ${email}::text is not null and lower(email) = ${email} then 'Email' end
      ], null) as matched
    from contacts_list
    where not deleted and not (id::text = any(${exceptIds}::text[])) and ${visibleContactSql(viewer, sql`id`)}
      and ((${dot}::text is not null and dot_number = ${dot})
        or (${mc}::text is not null and mc_number = ${mc})
        or (${name}::text is not null and lower(name) = ${name})
        or (${phone}::text is not null and business_phone = ${phone})
        or (${email}::text is not null and lower(email) = ${email}))
    order by name
    limit 50`.execute(db)
  return rows.map((r) => ({
    id: r.id!,
    name: r.name ?? '',
    ownerName: r.owner_name ?? null,
    address: [r.street1, r.city, [r.state, r.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null,
    email: r.email ?? null,
    businessPhone: r.business_phone ?? null,
    dotNumber: r.dot_number ?? null,
    mcNumber: r.mc_number ?? null,
    matchedOn: r.matched,
  }))
}

/** GET /contacts/related-entities: possible duplicates of an existing contact. */
export async function relatedEntities(
  db: Kysely<unknown>,
  viewer: Viewer,
  contactId: string,
): Promise<RelatedEntityRow[]> {
  const { rows } = await sql<{
    name: string
    dot_number: string | null
    mc_number: string | null
    business_phone: string | null
    email: string | null
  }>`
    select name, dot_number, mc_number, business_phone, email from contacts_list where id = ${contactId}::uuid`.execute(
    db,
  )
  const c = rows[0]
  if (!c) return []
  return findDuplicates(
    db,
    viewer,
    { name: c.name, dotNumber: c.dot_number, mcNumber: c.mc_number, businessPhone: c.business_phone, email: c.email },
    [contactId],
  )
}
