import { sql, type Kysely, type RawBuilder } from 'kysely'

/** The Possible Duplicates window lists at most this many; the column says "50+" beyond. */
export const RELATED_ENTITIES_SHOWN = 50

/**
 * How many possible duplicates each of these contacts has, as GET /contacts/related-entities finds them (not
 * deleted, not itself: DOT, MC, name, business phone, email), for one page of a list only. Each key is one
 * index probe per row (measured: under 0.1 ms a row at 1,000,000 contacts; phone and email are indexed since
 * contacts_list v2). Counting stops past 50, what the window shows, and so does each key's probe: a value many
 * contacts share (a placeholder phone an import filled in) reads 51 of them, not all of them for every row of the
 * page (the union keeps every id until it is complete; one shared phone on 2,255 contacts made a page of 50 rows
 * read 112,000 of them, 317 ms).
 */
export async function relatedEntityCounts(db: Kysely<unknown>, contactIds: string[]): Promise<Map<string, number>> {
  if (contactIds.length === 0) return new Map()
  const probe = (match: RawBuilder<unknown>) =>
    sql`(select d.id from contacts_list d where not d.deleted and d.id <> p.id and ${match} limit ${RELATED_ENTITIES_SHOWN + 1})`
  const { rows } = await sql<{ id: string; n: number }>`
    select p.id::text as id, (
      select count(*)::int from (
        ${probe(sql`nullif(trim(p.dot_number), '') is not null and d.dot_number = trim(p.dot_number)`)}
        union ${probe(sql`nullif(trim(p.mc_number), '') is not null and d.mc_number = trim(p.mc_number)`)}
        union ${probe(sql`nullif(trim(p.name), '') is not null and lower(d.name) = lower(trim(p.name))`)}
        union ${probe(sql`nullif(trim(p.business_phone), '') is not null and d.business_phone = trim(p.business_phone)`)}
        union ${probe(sql`nullif(trim(p.email), '') is not null and lower(d.email) = lower(trim(p.email))`)}
        limit ${RELATED_ENTITIES_SHOWN + 1}
      ) m
    ) as n
    from contacts_list p where p.id = any(${contactIds}::uuid[])`.execute(db)
  return new Map(rows.map((r) => [r.id, Number(r.n)]))
}
