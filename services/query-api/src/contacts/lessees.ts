import { lesseeFields, type Lessee, type LesseeDto, type LesseeV1 } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { visibleContactSql } from '../visibility/visibility-sql'
import type { Viewer } from '../viewer'

/** The contact's lessee, or null (also while the lessees read model does not exist yet). */
export async function findLessee(db: Kysely<unknown>, contactId: string): Promise<LesseeDto | null> {
  try {
    const { rows } = await sql<{ lessee: Lessee | LesseeV1 | null }>`
      select lessee from lessees where contact_id = ${contactId}::uuid`.execute(db)
    const lessee = rows[0]?.lessee
    return lessee ? lesseeFields(lessee) : null
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return null
    throw error
  }
}

/** GET /contacts/lessee/{mc}: the contact with that MC number, shaped as a lessee to fill the form. */
export async function lesseeByMc(db: Kysely<unknown>, mc: string): Promise<LesseeDto | null> {
  const { rows } = await sql<Record<string, string | null>>`
    select id::text, name, street1, city, zip, state, business_phone, owner_name, mc_number
    from contacts_list where mc_number = ${mc} and not deleted order by created_at limit 1`.execute(db)
  const c = rows[0]
  if (!c) return null
  return {
    mcNumber: c.mc_number!,
    lesseeName: c.name ?? null,
    lesseeStreet: c.street1 ?? null,
    lesseeCity: c.city ?? null,
    lesseeZip: c.zip ?? null,
    lesseeState: c.state ?? null,
    lesseePhone: c.business_phone ?? null,
    lesseeOwnerName: c.owner_name ?? null,
    lesseeMC: c.mc_number ?? null,
    lesseeContactId: c.id ?? null,
  }
}

/** GET /contacts/all-lessee: lessees in use, newest first (a page of 10 by default). */
export async function allLessees(db: Kysely<unknown>, viewer: Viewer, limit: number, first: number) {
  const { rows } = await sql<{ contact_id: string; name: string | null; lessee: Lessee | LesseeV1 }>`
    select l.contact_id::text, c.name, l.lessee from lessees l join contacts_list c on c.id = l.contact_id
    where l.lessee is not null and not c.deleted and ${visibleContactSql(viewer, sql`c.id`)} order by l.updated_at desc limit ${limit} offset ${first}`.execute(
    db,
  )
  return rows.map((r) => ({ contactId: r.contact_id, contactName: r.name, ...lesseeFields(r.lessee) }))
}
