import { sql, type Kysely } from 'kysely'

export interface ExistingContact {
  contactId: string
  matchedBy: 'dot' | 'mc'
}

/**
 * Contacts already in the CRM with these DOT or MC numbers, from the contact_search read model (the command
 * side reads read models for lookups, as login reads users). MC numbers are compared with and without "MC".
 */
export async function findExistingContacts(
  db: Kysely<unknown>,
  dots: string[],
  mcs: string[],
): Promise<{ byDot: Map<string, string>; byMc: Map<string, string> }> {
  const byDot = new Map<string, string>()
  const byMc = new Map<string, string>()
  if (dots.length > 0) {
    const { rows } = await sql<{ contact_id: string; dot_number: string }>`
      select distinct on (dot_number) contact_id, dot_number from contact_search
      where not deleted and dot_number = any(${dots}::text[]) order by dot_number, is_primary desc`.execute(db)
    for (const r of rows) byDot.set(r.dot_number, r.contact_id)
  }
  if (mcs.length > 0) {
    const forms = mcs.flatMap((mc) => [mc, `MC${mc}`, `MC-${mc}`, `MC ${mc}`])
    const { rows } = await sql<{ contact_id: string; mc_number: string }>`
      select distinct on (mc_number) contact_id, mc_number from contact_search
      where not deleted and mc_number = any(${forms}::text[]) order by mc_number, is_primary desc`.execute(db)
    for (const r of rows) byMc.set(r.mc_number.replace(/\D/g, ''), r.contact_id)
  }
  return { byDot, byMc }
}
