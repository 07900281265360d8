import { sql } from 'kysely'
import type { Executor, TableNames } from '../../runtime/projection'

export type ContactDivisionsTables = TableNames<'contact_divisions'>

/**
 * A contact's standing in each division (status, grade, stage, assigned user). `version` is the contact
 * stream's version last applied to the row, so that status changes replayed out of a newer state are no-ops.
 */
export async function migrateContactDivisions(
  trx: Executor,
  { contact_divisions: table }: ContactDivisionsTables,
): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      contact_id uuid not null,
      division_id int not null,
      status_id int,
      grade int,
      stage int,
      assigned uuid,
      updated_at timestamptz,
      version int not null,
      effort_level int,
      prospect_source int,
      account_source int,
      status_changed_at timestamptz,
      primary key (contact_id, division_id)
    )`.execute(trx)
  // Division lists filter by status (New Leads, Accounts, ...).
  await sql`create index on ${sql.table(table)} (division_id, status_id)`.execute(trx)
}
