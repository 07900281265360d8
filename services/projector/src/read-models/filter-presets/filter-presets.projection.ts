import type { FilterPresetChanged, FilterPresetCreated, FilterPresetDeleted } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, recordset, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'filter_presets'>

async function migrate(trx: Executor, { filter_presets: t }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(t)} (
      id uuid primary key,
      user_id uuid not null,
      name text not null,
      category_id int not null,
      enabled_filter_names text[] not null default '{}',
      filter jsonb not null default '{}',
      created_by uuid,
      last_updated_by uuid,
      updated_at timestamptz not null,
      version int not null
    )`.execute(trx)
  // Each user sees only their own presets, by name.
  await sql`create index on ${sql.table(t)} (user_id, lower(name))`.execute(trx)
}

const createdColumns: ColumnTypes = [
  ['id', 'uuid'],
  ['user_id', 'uuid'],
  ['name', 'text'],
  ['category_id', 'int'],
  ['enabled_filter_names', 'text[]'],
  ['filter', 'jsonb'],
  ['created_by', 'uuid'],
  ['last_updated_by', 'uuid'],
  ['updated_at', 'timestamptz'],
  ['version', 'int'],
]

const onCreated: BatchHandler<'filter_presets', FilterPresetCreated> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    id: data.presetId,
    user_id: data.userId,
    name: data.name,
    category_id: data.categoryId,
    enabled_filter_names: data.enabledFilterNames,
    filter: data.filter,
    created_by: uuidOrNull(metadata.userId),
    last_updated_by: uuidOrNull(metadata.userId),
    updated_at: metadata.occurredAt,
    version: streamVersion,
  }))
  await insertRows(tables.filter_presets, rows, createdColumns, sql`on conflict (id) do nothing`).execute(trx)
}

const changedColumns: ColumnTypes = [
  ['id', 'uuid'],
  ['name', 'text'],
  ['enabled_filter_names', 'text[]'],
  ['filter', 'jsonb'],
  ['last_updated_by', 'uuid'],
  ['updated_at', 'timestamptz'],
  ['version', 'int'],
]

const onChanged: BatchHandler<'filter_presets', FilterPresetChanged> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    id: data.presetId,
    name: data.name ?? null,
    enabled_filter_names: data.enabledFilterNames ?? null,
    filter: data.filter ?? null,
    last_updated_by: uuidOrNull(metadata.userId),
    updated_at: metadata.occurredAt,
    version: streamVersion,
  }))
  await sql`
    update ${sql.table(tables.filter_presets)} as t set
      name = coalesce(r.name, t.name),
      enabled_filter_names = coalesce(r.enabled_filter_names, t.enabled_filter_names),
      filter = coalesce(r.filter, t.filter),
      last_updated_by = r.last_updated_by, updated_at = r.updated_at, version = r.version
    from ${recordset(rows, changedColumns)}
    where t.id = r.id and t.version < r.version`.execute(trx)
}

const onDeleted: BatchHandler<'filter_presets', FilterPresetDeleted> = async (trx, events, tables) => {
  const ids = events.map((e) => e.data.presetId)
  await sql`delete from ${sql.table(tables.filter_presets)} where id = any(${ids}::uuid[])`.execute(trx)
}

/** Saved Advanced Search presets per user (docs/product.md section 3, filter preset). */
export const filterPresetsProjection = defineProjection({
  name: 'filter_presets',
  version: 1,
  tables: ['filter_presets'],
  migrate,
  applyBatch: applyByType<'filter_presets'>({
    FilterPresetCreated: onCreated,
    FilterPresetChanged: onChanged,
    FilterPresetDeleted: onDeleted,
  }),
})
