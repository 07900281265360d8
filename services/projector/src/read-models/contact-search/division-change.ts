import { ContactStatus } from '@crm/contracts'
import { sql } from 'kysely'
import type { Executor } from '../../runtime/projection'
import { recordset, type ColumnTypes } from '../../runtime/recordset'

/** A change to one division row of a contact; absent (null) fields stay as they are. */
export interface DivisionChange {
  contact_id: string
  division_id: number
  version: number
  at: string
  status_id?: number | null
  /** True when `assigned` is meant (null then means "unassigned"). */
  set_assigned?: boolean
  assigned?: string | null
  effort_level?: number | null
  grade?: number | null
  lost_at?: string | null
  gave_up_at?: string | null
}

const columns: ColumnTypes = [
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['version', 'int'],
  ['at', 'timestamptz'],
  ['status_id', 'int'],
  ['set_assigned', 'boolean'],
  ['assigned', 'uuid'],
  ['effort_level', 'int'],
  ['grade', 'int'],
  ['lost_at', 'timestamptz'],
  ['gave_up_at', 'timestamptz'],
]

// Copied from the contact's primary row when it joins a division: the facts of the contact itself.
const copied = `name, dba, owner_name, email, business_phone, mobile_phone, mc_number, dot_number, contact_category,
  organization_type_id, company_type_id, nationality_id, is_ex_yu, preferred_language, number_of_trucks,
  number_of_drivers, estimated_revenue, date_established, created_at, import_date, source_id, source, operating_status,
  street1, city, state, zip, latitude, longitude, last_contact_date, last_meeting_date, opened_flags, out_of_business,
  current_balance, days_late, last_collection_activity, is_rfp, rfp_date, is_mfp, mfp_date, is_credit_app,
  credit_app_date, is_online_form, online_form_date, deleted`

/**
 * Applies status / assignment / rating changes to (contact, division) rows. A contact entering a division it
 * was not in gets a row first (facts copied from its other rows, status set by the update that follows).
 * Each row applies an event once: only when its version is older than the event's.
 */
export async function applyDivisionChanges(
  trx: Executor,
  table: string,
  changes: DivisionChange[],
  options: { inclusive?: boolean } = {},
): Promise<void> {
  if (changes.length === 0) return
  const rows = changes.map((c) => ({ ...c, set_assigned: c.set_assigned ?? false }))
  const t = sql.table(table)
  await sql`
    insert into ${t} (contact_id, division_id, is_primary, status_id, version, ${sql.raw(copied)})
    select r.contact_id, r.division_id, false, coalesce(r.status_id, 1), r.version - 1, ${sql.raw(
      copied
        .split(',')
        .map((c) => `p.${c.trim()}`)
        .join(', '),
    )}
    from ${recordset(rows, columns)}
    join lateral (select * from ${t} p where p.contact_id = r.contact_id order by p.is_primary desc limit 1) p on true
    on conflict (contact_id, division_id) do nothing`.execute(trx)
  await sql`
    update ${t} as t set
      status_id = coalesce(r.status_id, t.status_id),
      status_changed_at = case when r.status_id is distinct from t.status_id and r.status_id is not null
        then r.at else t.status_changed_at end,
      assigned = case when r.set_assigned then r.assigned else t.assigned end,
      assigned_at = case when r.set_assigned and r.assigned is distinct from t.assigned then r.at else t.assigned_at end,
      effort_level = coalesce(r.effort_level, t.effort_level),
      grade = coalesce(r.grade, t.grade),
      was_prospect = t.was_prospect or coalesce(r.status_id in (${sql.lit(ContactStatus.Prospect)}, ${sql.lit(ContactStatus.Account)}), false),
      was_account = t.was_account or coalesce(r.status_id = ${sql.lit(ContactStatus.Account)}, false),
      lost_at = coalesce(r.lost_at, t.lost_at),
      -- Given up stays until the contact's status moves on (reassigned and worked again).
      gave_up_at = case when r.gave_up_at is not null then r.gave_up_at
        when r.status_id is not null then null else t.gave_up_at end,
      version = r.version
    from ${recordset(rows, columns)}
    where t.contact_id = r.contact_id and t.division_id = r.division_id
      and ${options.inclusive ? sql`t.version <= r.version` : sql`t.version < r.version`}`.execute(trx)
}
