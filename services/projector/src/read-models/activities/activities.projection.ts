import type { ActivityLogged } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'activities'>

async function migrate(trx: Executor, { activities: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      activity_id text primary key,
      contact_id uuid not null,
      division_id int not null,
      activity_type int not null,
      subject text not null,
      notes text,
      call_duration int,
      call_outcome text,
      user_id uuid,
      occurred_at timestamptz not null,
      logged_at timestamptz not null,
      source text,
      attachments jsonb not null default '[]'
    )`.execute(trx)
  // A contact's activities newest first; call attempts per contact and division.
  await sql`create index on ${sql.table(table)} (contact_id, division_id, occurred_at desc)`.execute(trx)
  // The timeline pages newest first by the (occurred_at, activity_id) cursor; the follow-up label counts a
  // contact's earlier activities of the same type.
  await sql`create index on ${sql.table(table)} (contact_id, occurred_at desc, activity_id desc)`.execute(trx)
  await sql`create index on ${sql.table(table)} (contact_id, activity_type, occurred_at, activity_id)`.execute(trx)
}

const columns: ColumnTypes = [
  ['activity_id', 'text'],
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['activity_type', 'int'],
  ['subject', 'text'],
  ['notes', 'text'],
  ['call_duration', 'int'],
  ['call_outcome', 'text'],
  ['user_id', 'uuid'],
  ['occurred_at', 'timestamptz'],
  ['logged_at', 'timestamptz'],
  ['source', 'text'],
  ['attachments', 'jsonb'],
]

const onLogged: BatchHandler<'activities', ActivityLogged> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata }) => ({
    activity_id: data.activityId,
    contact_id: data.contactId,
    division_id: data.divisionId,
    activity_type: data.activityType,
    subject: data.subject,
    notes: data.notes,
    call_duration: data.callData?.duration ?? null,
    call_outcome: data.callData?.outcome ?? null,
    user_id: uuidOrNull(data.userId),
    occurred_at: data.occurredAt,
    logged_at: metadata.occurredAt,
    source: data.source,
    attachments: data.attachments ?? [],
  }))
  await insertRows(tables.activities, rows, columns, sql`on conflict (activity_id) do nothing`).execute(trx)
}

/** Activities logged on contacts: the minimal list and the timeline (v2 adds attachments and its indexes). */
export const activitiesProjection = defineProjection({
  name: 'activities',
  version: 2,
  tables: ['activities'],
  migrate,
  applyBatch: applyByType<'activities'>({ ActivityLogged: onLogged }),
})
