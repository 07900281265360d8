import type { SharedNoteAdded, SharedNoteRemoved } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, erasedContactRows, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, markDeleted, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'shared_notes'>

async function migrate(trx: Executor, { shared_notes: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      id text primary key,
      contact_id uuid not null,
      division_id int not null,
      subject text,
      note text not null,
      old_crm_note text,
      created_by uuid,
      created_at timestamptz not null,
      attachments jsonb not null default '[]',
      deleted boolean not null default false,
      version int not null
    )`.execute(trx)
  // A contact's shared-notes timeline, newest first.
  await sql`create index on ${sql.table(table)} (contact_id, created_at desc, id desc) where not deleted`.execute(trx)
}

const columns: ColumnTypes = [
  ['id', 'text'],
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['subject', 'text'],
  ['note', 'text'],
  ['old_crm_note', 'text'],
  ['created_by', 'uuid'],
  ['created_at', 'timestamptz'],
  ['attachments', 'jsonb'],
  ['version', 'int'],
]

const onAdded: BatchHandler<'shared_notes', SharedNoteAdded> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    id: data.noteId,
    contact_id: data.contactId,
    division_id: data.divisionId,
    subject: data.subject,
    note: data.note,
    old_crm_note: data.oldCrmNote,
    created_by: uuidOrNull(data.createdBy),
    created_at: metadata.occurredAt,
    attachments: data.attachments ?? [],
    version: streamVersion,
  }))
  await insertRows(tables.shared_notes, rows, columns, sql`on conflict (id) do nothing`).execute(trx)
}

const onRemoved: BatchHandler<'shared_notes', SharedNoteRemoved> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({ id: data.noteId, version: streamVersion }))
  await markDeleted(tables.shared_notes, rows).execute(trx)
}

/** Shared notes of contacts (the shared-notes timeline); removed ones stay as rows marked deleted. */
export const sharedNotesProjection = defineProjection({
  name: 'shared_notes',
  version: 1,
  tables: ['shared_notes'],
  migrate,
  applyBatch: applyByType<'shared_notes'>({
    SharedNoteAdded: onAdded,
    SharedNoteRemoved: onRemoved,
    PersonalDataErased: erasedContactRows('shared_notes', ['subject', 'note', 'old_crm_note']),
  }),
})
