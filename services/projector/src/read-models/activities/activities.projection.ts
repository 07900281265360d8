import type { ActivityEdited, ActivityInactivated, ActivityLogged } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, erasedContactRows, type BatchHandler, type StoredOf } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { changedColumn, insertRows, updateNewerRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

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
      attachments jsonb not null default '[]',
      active boolean not null default true,
      edited_at timestamptz,
      version int not null default 0
    )`.execute(trx)
  // Call attempts and "has an activity" per contact and division (they count active ones).
  await sql`create index on ${sql.table(table)} (contact_id, division_id, occurred_at desc)`.execute(trx)
  // The timeline pages newest first by the (occurred_at, activity_id) cursor; the follow-up label counts a
  // contact's earlier activities of the same type. Inactive activities are in neither, so the indexes skip them.
  await sql`create index on ${sql.table(table)} (contact_id, occurred_at desc, activity_id desc) where active`.execute(
    trx,
  )
  await sql`create index on ${sql.table(table)} (contact_id, activity_type, occurred_at, activity_id) where active`.execute(
    trx,
  )
  // by-type without a contact, and a user's summaries over a date range.
  await sql`create index on ${sql.table(table)} (activity_type, occurred_at desc, activity_id desc) where active`.execute(
    trx,
  )
  await sql`create index on ${sql.table(table)} (user_id, occurred_at) where active`.execute(trx)
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
  ['version', 'int'],
]

const onLogged: BatchHandler<'activities', ActivityLogged> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
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
    version: streamVersion,
  }))
  await insertRows(tables.activities, rows, columns, sql`on conflict (activity_id) do nothing`).execute(trx)
}

/** What every change to a logged activity carries: which activity, when, at which stream version. */
const changeColumns: ColumnTypes = [
  ['activity_id', 'text'],
  ['at', 'timestamptz'],
]
const changeOf = ({ data, metadata, streamVersion }: StoredOf<ActivityEdited | ActivityInactivated>) => ({
  activity_id: data.activityId,
  at: metadata.occurredAt,
  version: streamVersion,
})

/**
 * An edit carries only the changed fields: each column takes the new value when its key is present (a
 * cleared notes or callData arrives as JSON null). The stream version makes a replayed edit a no-op.
 */
const onEdited: BatchHandler<'activities', ActivityEdited> = async (trx, events, tables) => {
  const rows = events.map((e) => ({ ...changeOf(e), changes: e.data.changes }))
  await updateNewerRows(
    tables.activities,
    'activity_id',
    rows,
    [...changeColumns, ['changes', 'jsonb']],
    sql.join([
      changedColumn('activityType', 'activity_type', 'int'),
      changedColumn('subject', 'subject', 'text'),
      changedColumn('notes', 'notes', 'text'),
      sql`call_duration = case when r.changes ? 'callData' then (r.changes->'callData'->>'duration')::int
        else t.call_duration end`,
      sql`call_outcome = case when r.changes ? 'callData' then r.changes->'callData'->>'outcome' else t.call_outcome end`,
      changedColumn('occurredAt', 'occurred_at', 'timestamptz'),
      sql`attachments = case when r.changes ? 'attachments' then r.changes->'attachments' else t.attachments end`,
      sql`edited_at = r.at`,
    ]),
  ).execute(trx)
}

const onInactivated: BatchHandler<'activities', ActivityInactivated> = async (trx, events, tables) => {
  const rows = events.map(changeOf)
  await updateNewerRows(
    tables.activities,
    'activity_id',
    rows,
    changeColumns,
    sql`active = false, edited_at = r.at`,
  ).execute(trx)
}

/**
 * Activities logged on contacts: the lists, the timeline, by-type and summaries. v2 added attachments and
 * the paging index; v3 applies edits and keeps inactive activities as rows with `active = false` (every
 * reader filters on it), so re-activation or an audit view stays possible without a new version.
 */
export const activitiesProjection = defineProjection({
  name: 'activities',
  version: 3,
  tables: ['activities'],
  migrate,
  applyBatch: applyByType<'activities'>({
    ActivityLogged: onLogged,
    ActivityEdited: onEdited,
    ActivityInactivated: onInactivated,
    PersonalDataErased: erasedContactRows('activities', ['subject', 'notes']),
  }),
})
