import {
  describeDivisionRecordEdit,
  statusTransitionEventTypes,
  type ContactDivisionRecordEdited,
  type ContactsCombined,
  type StatusTransitionEvent,
} from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import { sql } from 'kysely'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'
import { transitionReason } from './reasons'

type Tables = TableNames<'status_history'>

const columns: ColumnTypes = [
  ['stream_id', 'text'],
  ['stream_version', 'int'],
  ['division_id', 'int'],
  ['contact_id', 'uuid'],
  ['from_status_id', 'int'],
  ['to_status_id', 'int'],
  ['event_type', 'text'],
  ['reason', 'text'],
  ['details', 'jsonb'],
  ['user_id', 'uuid'],
  ['occurred_at', 'timestamptz'],
  ['position', 'text'],
]

async function migrate(trx: Executor, { status_history: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      stream_id text not null,
      stream_version int not null,
      division_id int not null,
      contact_id uuid not null,
      from_status_id int,
      to_status_id int not null,
      event_type text not null,
      reason text,
      details jsonb not null,
      user_id uuid,
      occurred_at timestamptz not null,
      position text not null,
      primary key (stream_id, stream_version, division_id)
    )`.execute(trx)
  // The contact page (one contact, newest first) and the audit screen (by date, user, division).
  await sql`create index on ${sql.table(table)} (contact_id, occurred_at desc)`.execute(trx)
  await sql`create index on ${sql.table(table)} (occurred_at desc)`.execute(trx)
  await sql`create index on ${sql.table(table)} (user_id, occurred_at desc)`.execute(trx)
}

const transitionTypes = new Set<string>(statusTransitionEventTypes)

function rowsOf(e: StoredEvent): Record<string, unknown>[] {
  const common = {
    stream_id: e.streamId,
    stream_version: e.streamVersion,
    event_type: e.type,
    user_id: uuidOrNull(e.metadata.userId),
    occurred_at: e.metadata.occurredAt,
    position: e.position,
  }
  if (transitionTypes.has(e.type)) {
    const event = { type: e.type, data: e.data } as StatusTransitionEvent
    const { contactId, divisionId, fromStatusId, toStatusId, ...details } = event.data
    return [
      {
        ...common,
        division_id: divisionId,
        contact_id: contactId,
        from_status_id: fromStatusId,
        to_status_id: toStatusId,
        reason: transitionReason(event),
        details,
      },
    ]
  }
  if (e.type === 'ContactDivisionRecordEdited') {
    // Grade, effort and stage are the division's record too: the audit lists their changes under the status.
    const { contactId, divisionId, statusId, changes, previous } = e.data as ContactDivisionRecordEdited['data']
    return [
      {
        ...common,
        division_id: divisionId,
        contact_id: contactId,
        from_status_id: statusId,
        to_status_id: statusId,
        reason: describeDivisionRecordEdit(changes, previous),
        details: { changes, previous },
      },
    ]
  }
  if (e.type === 'ContactsCombined') {
    const data = e.data as ContactsCombined['data']
    return data.divisionStatuses
      .filter((d) => d.fromStatusId !== d.toStatusId)
      .map((d) => ({
        ...common,
        division_id: d.divisionId,
        contact_id: data.contactId,
        from_status_id: d.fromStatusId,
        to_status_id: d.toStatusId,
        reason: 'Combined contacts',
        details: { sourceContactId: d.sourceContactId },
      }))
  }
  return []
}

/**
 * Every status change of every contact (and every edit of its grade, effort level or stage in a division): who,
 * when, division, from → to, reason (the contact page's status
 * history and the managers' audit screen). Keyed by stream version and division: a replay changes nothing.
 */
export const statusHistoryProjection = defineProjection({
  name: 'status_history',
  version: 1,
  tables: ['status_history'],
  migrate,
  async applyBatch(trx, events, tables: Tables) {
    const rows = events.flatMap(rowsOf)
    if (rows.length === 0) return
    await insertRows(
      tables.status_history,
      rows,
      columns,
      sql`on conflict (stream_id, stream_version, division_id) do nothing`,
    ).execute(trx)
  },
})
