import { sql } from 'kysely'
import type { Executor } from '../../runtime/projection'
import { recordset, type ColumnTypes } from '../../runtime/recordset'

/**
 * Applies changes of the contact itself to all its division rows. `keys` says which columns the event
 * sets (a null among them clears it); columns not in `keys` stay. `delta_flags` adds to the open red flags.
 */
export async function applyContactChanges(
  trx: Executor,
  table: string,
  setColumns: ColumnTypes,
  rows: ({ contact_id: string; version: number; keys: string[]; delta_flags?: number } & Record<string, unknown>)[],
  /** `latest`: a date column only moves forward (activities logged late). */
  mode: 'set' | 'latest' = 'set',
): Promise<void> {
  if (rows.length === 0) return
  const columns: ColumnTypes = [
    ['contact_id', 'uuid'],
    ['version', 'int'],
    ['keys', 'text[]'],
    ['delta_flags', 'int'],
    ...setColumns,
  ]
  const sets = setColumns.map(([c]) => {
    const value = mode === 'latest' ? sql`greatest(t.${sql.id(c)}, r.${sql.id(c)})` : sql`r.${sql.id(c)}`
    return sql`${sql.id(c)} = case when ${c} = any(r.keys) then ${value} else t.${sql.id(c)} end`
  })
  await sql`
    update ${sql.table(table)} as t set ${sql.join([
      ...sets,
      sql`opened_flags = greatest(0, t.opened_flags + coalesce(r.delta_flags, 0))`,
      sql`version = r.version`,
    ])}
    from ${recordset(rows, columns)}
    where t.contact_id = r.contact_id and t.version < r.version`.execute(trx)
}
