import type {
  LeadImportCancelled,
  LeadImportCancelRequested,
  LeadImportChunkCommitted,
  LeadImportFailed,
  LeadImportFinished,
  LeadImportInterrupted,
  LeadImportStarted,
} from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, updateNewerRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'lead_imports' | 'lead_import_refusals'>

async function migrate(trx: Executor, { lead_imports: table, lead_import_refusals: refusals }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      upload_id text primary key,
      user_id uuid,
      division_id int not null,
      file_key text not null,
      file_name text not null,
      import_date timestamptz not null,
      layout text not null,
      rows int not null,
      rows_done int not null default 0,
      created int not null default 0,
      updated int not null default 0,
      skipped int not null default 0,
      details jsonb not null default '[]',
      position text,
      state text not null default 'active',
      cancel_requested boolean not null default false,
      error text,
      started_at timestamptz not null,
      updated_at timestamptz not null,
      finished_at timestamptz,
      version int not null
    )`.execute(trx)
  // The import window's "my recent uploads", and the start-up sweep of unfinished imports.
  await sql`create index on ${sql.table(table)} (user_id, started_at desc)`.execute(trx)
  await sql`create index on ${sql.table(table)} (started_at) where state = 'active'`.execute(trx)
  // Every row an import did not use, with its line in the file and why: the downloadable refused-rows CSV.
  await sql`
    create table ${sql.table(refusals)} (
      upload_id text not null,
      row int not null,
      name text,
      reason text not null,
      primary key (upload_id, row)
    )`.execute(trx)
}

const startedColumns: ColumnTypes = [
  ['upload_id', 'text'],
  ['user_id', 'uuid'],
  ['division_id', 'int'],
  ['file_key', 'text'],
  ['file_name', 'text'],
  ['import_date', 'timestamptz'],
  ['layout', 'text'],
  ['rows', 'int'],
  ['started_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['version', 'int'],
]

type Handler<E extends { type: string; data: unknown }> = BatchHandler<'lead_imports' | 'lead_import_refusals', E>

const onStarted: Handler<LeadImportStarted> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    upload_id: data.uploadId,
    user_id: uuidOrNull(data.userId),
    division_id: data.divisionId,
    file_key: data.fileKey,
    file_name: data.fileName,
    import_date: data.importDate,
    layout: data.layout,
    rows: data.rows,
    started_at: metadata.occurredAt,
    updated_at: metadata.occurredAt,
    version: streamVersion,
  }))
  await insertRows(tables.lead_imports, rows, startedColumns, sql`on conflict (upload_id) do nothing`).execute(trx)
}

const onChunk: Handler<LeadImportChunkCommitted> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    upload_id: data.uploadId,
    rows_done: data.rowsDone,
    created: data.created,
    updated: data.updated,
    skipped: data.skipped,
    details: data.details,
    position: data.position,
    at: metadata.occurredAt,
    version: streamVersion,
  }))
  await updateNewerRows(
    tables.lead_imports,
    'upload_id',
    rows,
    [
      ['upload_id', 'text'],
      ['rows_done', 'int'],
      ['created', 'int'],
      ['updated', 'int'],
      ['skipped', 'int'],
      ['details', 'jsonb'],
      ['position', 'text'],
      ['at', 'timestamptz'],
    ],
    sql`rows_done = r.rows_done, created = t.created + r.created, updated = t.updated + r.updated,
        skipped = t.skipped + r.skipped, details = t.details || r.details,
        position = coalesce(r.position, t.position), error = null, updated_at = r.at`,
  ).execute(trx)
  // Chunks written before `refused` existed listed their skipped rows among the (capped) details.
  const refused = events.flatMap(({ data }) =>
    (data.refused ?? data.details.filter((d) => d.outcome === 'skipped')).map((r) => ({
      upload_id: data.uploadId,
      row: r.row,
      name: r.name,
      reason: r.reason ?? '',
    })),
  )
  if (refused.length === 0) return
  await insertRows(
    tables.lead_import_refusals,
    refused,
    [
      ['upload_id', 'text'],
      ['row', 'int'],
      ['name', 'text'],
      ['reason', 'text'],
    ],
    sql`on conflict (upload_id, row) do nothing`,
  ).execute(trx)
}

const endStates: Record<string, string | null> = {
  LeadImportFinished: 'completed',
  LeadImportFailed: 'failed',
  LeadImportCancelled: 'cancelled',
  LeadImportInterrupted: null,
}

const onEnded: Handler<LeadImportFinished | LeadImportFailed | LeadImportInterrupted | LeadImportCancelled> = async (
  trx,
  events,
  tables,
) => {
  const rows = events.map(({ type, data, metadata, streamVersion }) => ({
    upload_id: data.uploadId,
    state: endStates[type] ?? null,
    error: 'error' in data ? data.error : null,
    at: metadata.occurredAt,
    version: streamVersion,
  }))
  await updateNewerRows(
    tables.lead_imports,
    'upload_id',
    rows,
    [
      ['upload_id', 'text'],
      ['state', 'text'],
      ['error', 'text'],
      ['at', 'timestamptz'],
    ],
    // An interruption keeps the import active (it resumes) and shows why it paused until the next chunk.
    sql`state = coalesce(r.state, t.state), error = r.error, updated_at = r.at,
        finished_at = case when r.state is null then t.finished_at else r.at end`,
  ).execute(trx)
}

const onCancelRequested: Handler<LeadImportCancelRequested> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    upload_id: data.uploadId,
    at: metadata.occurredAt,
    version: streamVersion,
  }))
  await updateNewerRows(
    tables.lead_imports,
    'upload_id',
    rows,
    [
      ['upload_id', 'text'],
      ['at', 'timestamptz'],
    ],
    sql`cancel_requested = true`,
  ).execute(trx)
}

/** Lead imports and their progress (docs/architecture.md "Jobs"): polled by the import window, swept at start-up. */
export const leadImportsProjection = defineProjection({
  name: 'lead_imports',
  // 2: cancelling, and every refused row in lead_import_refusals.
  version: 2,
  tables: ['lead_imports', 'lead_import_refusals'],
  migrate,
  applyBatch: applyByType<'lead_imports' | 'lead_import_refusals'>({
    LeadImportStarted: onStarted,
    LeadImportChunkCommitted: onChunk,
    LeadImportInterrupted: onEnded,
    LeadImportFinished: onEnded,
    LeadImportFailed: onEnded,
    LeadImportCancelRequested: onCancelRequested,
    LeadImportCancelled: onEnded,
  }),
})
