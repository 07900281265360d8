import type { DivisionCreated, DivisionDeleted, DivisionRenamed } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, recordset, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'divisions'>

/** Deleted divisions keep their row (flagged): their ids are never handed out again. */
async function migrate(trx: Executor, { divisions: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      division_id int primary key,
      name text not null,
      deleted boolean not null default false,
      created_at timestamptz,
      updated_at timestamptz
    )`.execute(trx)
}

const columns: ColumnTypes = [
  ['division_id', 'int'],
  ['name', 'text'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
]

const onCreated: BatchHandler<'divisions', DivisionCreated> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata }) => ({
    division_id: data.divisionId,
    name: data.name,
    created_at: metadata.occurredAt,
    updated_at: metadata.occurredAt,
  }))
  await insertRows(tables.divisions, rows, columns, sql`on conflict do nothing`).execute(trx)
}

const onRenamed: BatchHandler<'divisions', DivisionRenamed> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata }) => ({
    division_id: data.divisionId,
    name: data.name,
    at: metadata.occurredAt,
  }))
  const cols: ColumnTypes = [
    ['division_id', 'int'],
    ['name', 'text'],
    ['at', 'timestamptz'],
  ]
  await sql`update ${sql.table(tables.divisions)} d set name = r.name, updated_at = r.at
            from ${recordset(rows, cols)} where d.division_id = r.division_id`.execute(trx)
}

const onDeleted: BatchHandler<'divisions', DivisionDeleted> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata }) => ({ division_id: data.divisionId, at: metadata.occurredAt }))
  const cols: ColumnTypes = [
    ['division_id', 'int'],
    ['at', 'timestamptz'],
  ]
  await sql`update ${sql.table(tables.divisions)} d set deleted = true, updated_at = r.at
            from ${recordset(rows, cols)} where d.division_id = r.division_id`.execute(trx)
}

export const divisionsProjection = defineProjection({
  name: 'divisions',
  version: 1,
  tables: ['divisions'],
  migrate,
  applyBatch: applyByType<'divisions'>({
    DivisionCreated: onCreated,
    DivisionRenamed: onRenamed,
    DivisionDeleted: onDeleted,
  }),
})
