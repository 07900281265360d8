import type { CommentAdded, CommentRemoved } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, erasedContactRows, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, markDeleted, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'comments'>

async function migrate(trx: Executor, { comments: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      id text primary key,
      contact_id uuid not null,
      division_id int not null,
      subject text,
      note text not null,
      created_by uuid,
      created_at timestamptz not null,
      deleted boolean not null default false,
      version int not null
    )`.execute(trx)
  await sql`create index on ${sql.table(table)} (contact_id, created_at desc, id desc) where not deleted`.execute(trx)
}

const columns: ColumnTypes = [
  ['id', 'text'],
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['subject', 'text'],
  ['note', 'text'],
  ['created_by', 'uuid'],
  ['created_at', 'timestamptz'],
  ['version', 'int'],
]

const onAdded: BatchHandler<'comments', CommentAdded> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    id: data.commentId,
    contact_id: data.contactId,
    division_id: data.divisionId,
    subject: data.subject,
    note: data.note,
    created_by: uuidOrNull(data.createdBy),
    created_at: metadata.occurredAt,
    version: streamVersion,
  }))
  await insertRows(tables.comments, rows, columns, sql`on conflict (id) do nothing`).execute(trx)
}

const onRemoved: BatchHandler<'comments', CommentRemoved> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({ id: data.commentId, version: streamVersion }))
  await markDeleted(tables.comments, rows).execute(trx)
}

/** Comments on contacts; removed ones stay as rows marked deleted. */
export const commentsProjection = defineProjection({
  name: 'comments',
  version: 1,
  tables: ['comments'],
  migrate,
  applyBatch: applyByType<'comments'>({
    CommentAdded: onAdded,
    CommentRemoved: onRemoved,
    PersonalDataErased: erasedContactRows('comments', ['subject', 'note']),
  }),
})
