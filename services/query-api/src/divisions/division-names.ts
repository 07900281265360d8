import { sql, type Kysely } from 'kysely'

/** A division as people read it: its name today (deleted ones too, for what was theirs); its number if unknown. */
export type DivisionNameOf = (divisionId: number) => string

/** Today's division names, for exports and reports that would otherwise show division ids. */
export async function divisionNames(db: Kysely<unknown>): Promise<DivisionNameOf> {
  const { rows } = await sql<{ division_id: number; name: string }>`select division_id, name from divisions`.execute(db)
  const names = new Map(rows.map((r) => [r.division_id, r.name]))
  return (divisionId) => names.get(divisionId) ?? String(divisionId)
}
