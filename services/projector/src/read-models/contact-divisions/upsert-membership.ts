import { sql } from 'kysely'
import type { Executor, TableNames } from '../../runtime/projection'
import { columnList, recordset, type ColumnTypes } from '../../runtime/recordset'

/** One contact's standing in one division as an event changes it; null means "leave as it is". */
export interface MembershipChange {
  contact_id: string
  division_id: number
  status_id: number | null
  /** Whether the event says who is assigned afterwards (null then means unassigned). */
  set_assigned: boolean
  assigned: string | null
  grade: number | null
  effort_level: number | null
  prospect_source: number | null
  account_source: number | null
  /** Whether the event says what the stage is afterwards (null then means none). */
  set_stage: boolean
  stage: number | null
  at: string
  status_changed: boolean
  version: number
}

const columns: ColumnTypes = [
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['status_id', 'int'],
  ['set_assigned', 'boolean'],
  ['assigned', 'uuid'],
  ['grade', 'int'],
  ['effort_level', 'int'],
  ['prospect_source', 'int'],
  ['account_source', 'int'],
  ['set_stage', 'boolean'],
  ['stage', 'int'],
  ['at', 'timestamptz'],
  ['status_changed', 'boolean'],
  ['version', 'int'],
]

/**
 * Existing rows move forward (only from older stream versions, so a replay changes nothing); divisions the
 * contact was not in yet get a row. Two statements per run, whatever its size.
 */
export async function upsertMemberships(
  trx: Executor,
  { contact_divisions: table }: TableNames<'contact_divisions'>,
  rows: MembershipChange[],
): Promise<void> {
  if (rows.length === 0) return
  await sql`
    update ${sql.table(table)} as t set
      status_id = coalesce(r.status_id, t.status_id),
      assigned = case when r.set_assigned then r.assigned else t.assigned end,
      grade = coalesce(r.grade, t.grade),
      effort_level = coalesce(r.effort_level, t.effort_level),
      prospect_source = coalesce(r.prospect_source, t.prospect_source),
      account_source = coalesce(r.account_source, t.account_source),
      stage = case when r.set_stage then r.stage else t.stage end,
      status_changed_at = case when r.status_changed then r.at else t.status_changed_at end,
      updated_at = r.at,
      version = r.version
    from ${recordset(rows, columns)}
    where t.contact_id = r.contact_id and t.division_id = r.division_id and t.version < r.version`.execute(trx)
  const inserted: ColumnTypes = columns.filter(
    ([c]) => !['set_assigned', 'set_stage', 'at', 'status_changed'].includes(c),
  )
  await sql`
    insert into ${sql.table(table)} (${columnList(inserted)}, updated_at, status_changed_at)
    select ${columnList(inserted)}, r.at, case when r.status_changed then r.at end
    from ${recordset(rows, columns)}
    where r.status_id is not null
    on conflict (contact_id, division_id) do nothing`.execute(trx)
}

export const noChange = {
  status_id: null,
  set_assigned: false,
  assigned: null,
  grade: null,
  effort_level: null,
  prospect_source: null,
  account_source: null,
  set_stage: false,
  stage: null,
  status_changed: false,
} as const
