import type { Division, DivisionOption } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { isoOrNull } from '../read-models'

type Row = { division_id: number; name: string; created_at: Date | string | null; user_count: string | number }

const toDivision = (r: Row): Division => ({
  id: r.division_id,
  name: r.name,
  userCount: Number(r.user_count),
  createdAt: isoOrNull(r.created_at),
})

const withCounts = sql`
  select d.division_id, d.name, d.created_at,
         (select count(*) from users u where u.division_id = d.division_id and not u.disabled) as user_count
  from divisions d where not d.deleted`

export async function listDivisions(db: Kysely<unknown>): Promise<Division[]> {
  const { rows } = await sql<Row>`${withCounts} order by d.division_id`.execute(db)
  return rows.map(toDivision)
}

export async function findDivision(db: Kysely<unknown>, id: number): Promise<Division | undefined> {
  const { rows } = await sql<Row>`${withCounts} and d.division_id = ${id}`.execute(db)
  return rows[0] && toDivision(rows[0])
}

export async function listDivisionOptions(db: Kysely<unknown>): Promise<DivisionOption[]> {
  const { rows } = await sql<{ id: number; name: string }>`
    select division_id as id, name from divisions where not deleted order by division_id`.execute(db)
  return rows
}
