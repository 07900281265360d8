import { sql, type Kysely } from 'kysely'

/**
 * A contact and every contact combined into it (directly or through earlier combines): their histories are
 * read together under the survivor.
 */
export async function mergedFamily(db: Kysely<unknown>, contactId: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive family(id) as (
      select ${contactId}::uuid
      union
      select c.id from contacts_list c join family f on c.merged_into = f.id
    )
    select id::text from family limit 100`.execute(db)
  return rows.map((r) => r.id)
}

/** Where a combined (retired) contact lives on: the end of its merged_into chain, or undefined. */
export async function survivorOf(db: Kysely<unknown>, contactId: string): Promise<string | undefined> {
  let current = contactId
  for (let hops = 0; hops < 10; hops++) {
    const { rows } = await sql<{ merged_into: string | null }>`
      select merged_into::text from contacts_list where id = ${current}::uuid`.execute(db)
    const next = rows[0]?.merged_into
    if (!next) return current === contactId ? undefined : current
    current = next
  }
  return undefined
}
