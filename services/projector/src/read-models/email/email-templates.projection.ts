import type { EmailTemplateChanged, EmailTemplateCreated, EmailTemplateDeleted } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { changedColumn, insertRows, updateNewerRows, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'email_templates'>

/** Email templates (docs/product.md 7 "/emails/*"): listed by who may see them, personal or by division. */
async function migrate(trx: Executor, { email_templates: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      template_id uuid primary key,
      owner_id uuid not null,
      division_id int,
      scope text not null,
      name text not null,
      subject text not null,
      body text not null,
      deleted boolean not null default false,
      version int not null,
      updated_at timestamptz not null
    )`.execute(trx)
  await sql`create index on ${sql.table(table)} (owner_id) where not deleted`.execute(trx)
  await sql`create index on ${sql.table(table)} (division_id) where not deleted`.execute(trx)
}

const columns: ColumnTypes = [
  ['template_id', 'uuid'],
  ['owner_id', 'uuid'],
  ['division_id', 'int'],
  ['scope', 'text'],
  ['name', 'text'],
  ['subject', 'text'],
  ['body', 'text'],
  ['version', 'int'],
  ['updated_at', 'timestamptz'],
]

const onCreated: BatchHandler<'email_templates', EmailTemplateCreated> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    template_id: data.templateId,
    owner_id: data.ownerId,
    division_id: data.divisionId,
    scope: data.scope,
    name: data.name,
    subject: data.subject,
    body: data.body,
    version: streamVersion,
    updated_at: metadata.occurredAt,
  }))
  await insertRows(tables.email_templates, rows, columns, sql`on conflict (template_id) do nothing`).execute(trx)
}

const changeTypes: ColumnTypes = [
  ['template_id', 'uuid'],
  ['changes', 'jsonb'],
  ['deleted', 'boolean'],
  ['at', 'timestamptz'],
]

const onChanged: BatchHandler<'email_templates', EmailTemplateChanged | EmailTemplateDeleted> = async (
  trx,
  events,
  tables,
) => {
  const rows = events.map(({ type, data, metadata, streamVersion }) => ({
    template_id: data.templateId,
    changes: type === 'EmailTemplateChanged' ? (data as EmailTemplateChanged['data']).changes : {},
    deleted: type === 'EmailTemplateDeleted',
    version: streamVersion,
    at: metadata.occurredAt,
  }))
  const set = sql.join([
    changedColumn('name', 'name', 'text'),
    changedColumn('subject', 'subject', 'text'),
    changedColumn('body', 'body', 'text'),
    changedColumn('scope', 'scope', 'text'),
    sql`deleted = t.deleted or r.deleted`,
  ])
  await updateNewerRows(
    tables.email_templates,
    'template_id',
    rows,
    changeTypes,
    sql`${set}, updated_at = r.at`,
  ).execute(trx)
}

export const emailTemplatesProjection = defineProjection({
  name: 'email_templates',
  version: 1,
  tables: ['email_templates'],
  migrate,
  applyBatch: applyByType<'email_templates'>({
    EmailTemplateCreated: onCreated,
    EmailTemplateChanged: onChanged,
    EmailTemplateDeleted: onChanged,
  }),
})
