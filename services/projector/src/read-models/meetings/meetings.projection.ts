import type { MeetingChanged, MeetingScheduled } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { changedColumn, insertRows, updateNewerRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'meetings'>

/** Meeting events (docs/product.md 3): the calendar and today's meetings read them by owner and start. */
async function migrate(trx: Executor, { meetings: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      meeting_id uuid primary key,
      user_id uuid not null,
      contact_id uuid,
      task_id uuid,
      subject text not null,
      note text,
      meeting_start timestamptz not null,
      meeting_end timestamptz not null,
      location text,
      attendees jsonb not null default '[]',
      time_zone text not null,
      created_by uuid,
      version int not null,
      updated_at timestamptz not null
    )`.execute(trx)
  await sql`create index on ${sql.table(table)} (user_id, meeting_start)`.execute(trx)
  await sql`create index on ${sql.table(table)} (contact_id)`.execute(trx)
}

const columns: ColumnTypes = [
  ['meeting_id', 'uuid'],
  ['user_id', 'uuid'],
  ['contact_id', 'uuid'],
  ['task_id', 'uuid'],
  ['subject', 'text'],
  ['note', 'text'],
  ['meeting_start', 'timestamptz'],
  ['meeting_end', 'timestamptz'],
  ['location', 'text'],
  ['attendees', 'jsonb'],
  ['time_zone', 'text'],
  ['created_by', 'uuid'],
  ['version', 'int'],
  ['updated_at', 'timestamptz'],
]

const onScheduled: BatchHandler<'meetings', MeetingScheduled> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    meeting_id: data.meetingId,
    user_id: data.userId,
    contact_id: uuidOrNull(data.contactId),
    task_id: uuidOrNull(data.taskId),
    subject: data.subject,
    note: data.note,
    meeting_start: data.meetingStart,
    meeting_end: data.meetingEnd,
    location: data.location,
    attendees: data.attendees ?? [],
    time_zone: data.timeZone,
    created_by: uuidOrNull(data.createdBy),
    version: streamVersion,
    updated_at: metadata.occurredAt,
  }))
  await insertRows(tables.meetings, rows, columns, sql`on conflict (meeting_id) do nothing`).execute(trx)
}

const onChanged: BatchHandler<'meetings', MeetingChanged> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    meeting_id: data.meetingId,
    changes: data.changes,
    version: streamVersion,
    at: metadata.occurredAt,
  }))
  const types: ColumnTypes = [
    ['meeting_id', 'uuid'],
    ['changes', 'jsonb'],
    ['at', 'timestamptz'],
  ]
  const set = sql.join([
    changedColumn('contactId', 'contact_id', 'uuid'),
    changedColumn('taskId', 'task_id', 'uuid'),
    changedColumn('subject', 'subject', 'text'),
    changedColumn('note', 'note', 'text'),
    changedColumn('meetingStart', 'meeting_start', 'timestamptz'),
    changedColumn('meetingEnd', 'meeting_end', 'timestamptz'),
    changedColumn('location', 'location', 'text'),
    changedColumn('timeZone', 'time_zone', 'text'),
    sql`attendees = case when r.changes ? 'attendees' then r.changes->'attendees' else t.attendees end`,
  ])
  await updateNewerRows(tables.meetings, 'meeting_id', rows, types, sql`${set}, updated_at = r.at`).execute(trx)
}

export const meetingsProjection = defineProjection({
  name: 'meetings',
  version: 1,
  tables: ['meetings'],
  migrate,
  applyBatch: applyByType<'meetings'>({ MeetingScheduled: onScheduled, MeetingChanged: onChanged }),
})
