import { sql, type Kysely } from 'kysely'

const missingTable = (error: unknown) => (error as { code?: string }).code === '42P01'

/** A live (not deleted) division in the divisions read model. */
export async function divisionExists(db: Kysely<unknown>, divisionId: number): Promise<boolean> {
  const { rows } = await sql`select 1 from divisions where division_id = ${divisionId} and not deleted`.execute(db)
  return rows.length > 0
}

/** The next id to try: above every id ever used, deleted ones included. The append decides (no_stream). */
export async function nextDivisionId(db: Kysely<unknown>): Promise<number> {
  const { rows } = await sql<{ max: number | null }>`select max(division_id) as max from divisions`.execute(db)
  return (rows[0]?.max ?? 0) + 1
}

/**
 * Whether anything still points at the division: users (active or not: reactivating must not land them in
 * nowhere) or contacts' division standings. A read model another team owns may not exist yet.
 */
export async function divisionInUse(db: Kysely<unknown>, divisionId: number): Promise<boolean> {
  const { rows } = await sql`select 1 from users where division_id = ${divisionId} limit 1`.execute(db)
  if (rows.length > 0) return true
  try {
    const { rows: contacts } =
      await sql`select 1 from contact_divisions where division_id = ${divisionId} limit 1`.execute(db)
    return contacts.length > 0
  } catch (error) {
    if (missingTable(error)) return false
    throw error
  }
}
