import type { PersonalNoteAdded, PersonalNoteRemoved, PersonalNoteUpdated } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, erasedContactRows, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, updateNewerRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'personal_notes'>

async function migrate(trx: Executor, { personal_notes: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      id text primary key,
      contact_id uuid not null,
      additional_contact_id text,
      owner_id uuid,
      note text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted boolean not null default false,
      version int not null
    )`.execute(trx)
  // A user's own notes on a contact.
  await sql`create index on ${sql.table(table)} (contact_id, owner_id)`.execute(trx)
}

const columns: ColumnTypes = [
  ['id', 'text'],
  ['contact_id', 'uuid'],
  ['additional_contact_id', 'text'],
  ['owner_id', 'uuid'],
  ['note', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['version', 'int'],
]

const onAdded: BatchHandler<'personal_notes', PersonalNoteAdded> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    id: data.noteId,
    contact_id: data.contactId,
    additional_contact_id: data.additionalContactId,
    owner_id: uuidOrNull(data.ownerId),
    note: data.note,
    created_at: metadata.occurredAt,
    updated_at: metadata.occurredAt,
    version: streamVersion,
  }))
  await insertRows(tables.personal_notes, rows, columns, sql`on conflict (id) do nothing`).execute(trx)
}

const onChanged: BatchHandler<'personal_notes', PersonalNoteUpdated | PersonalNoteRemoved> = async (
  trx,
  events,
  tables,
) => {
  const rows = events.map(({ type, data, metadata, streamVersion }) => ({
    id: data.noteId,
    note: type === 'PersonalNoteUpdated' ? (data as PersonalNoteUpdated['data']).note : null,
    deleted: type === 'PersonalNoteRemoved',
    at: metadata.occurredAt,
    version: streamVersion,
  }))
  await updateNewerRows(
    tables.personal_notes,
    'id',
    rows,
    [
      ['id', 'text'],
      ['note', 'text'],
      ['deleted', 'boolean'],
      ['at', 'timestamptz'],
    ],
    sql`note = coalesce(r.note, t.note), deleted = t.deleted or r.deleted, updated_at = r.at`,
  ).execute(trx)
}

/** Personal notes, private to their author (the query side only returns the caller's own). */
export const personalNotesProjection = defineProjection({
  name: 'personal_notes',
  version: 1,
  tables: ['personal_notes'],
  migrate,
  applyBatch: applyByType<'personal_notes'>({
    PersonalNoteAdded: onAdded,
    PersonalNoteUpdated: onChanged,
    PersonalNoteRemoved: onChanged,
    PersonalDataErased: erasedContactRows('personal_notes', ['note']),
  }),
})
