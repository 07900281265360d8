import { ERASED } from '@crm/contracts'
import { sql, type RawBuilder } from 'kysely'

/** Column name → PostgreSQL type, in table order. */
export type ColumnTypes = ReadonlyArray<readonly [name: string, type: string]>

/**
 * Rows passed as ONE json parameter and expanded by json_to_recordset: a batch of thousands of rows is a
 * single statement with a single parameter (a values list would hit the 65,535-parameter limit at ~2,000 rows
 * of 30 columns), and the same SQL runs on PostgreSQL and PGlite. Keys of each row are the column names.
 */
export function recordset(rows: readonly object[], columns: ColumnTypes): RawBuilder<unknown> {
  const definition = sql.join(columns.map(([name, type]) => sql`${sql.id(name)} ${sql.raw(type)}`))
  return sql`json_to_recordset(${JSON.stringify(rows)}::json) as r(${definition})`
}

export function columnList(columns: ColumnTypes): RawBuilder<unknown> {
  return sql.join(columns.map(([name]) => sql.id(name)))
}

/** `insert into <table> (cols) select cols from <rows> on conflict <clause>` for a set of rows. */
export function insertRows(
  table: string,
  rows: readonly object[],
  columns: ColumnTypes,
  onConflict: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const list = columnList(columns)
  return sql`insert into ${sql.table(table)} (${list}) select ${list} from ${recordset(rows, columns)} ${onConflict}`
}

/**
 * `update <table> t set <set>, version = r.version from <rows> r where t.<key> = r.<key> and t.version < r.version`.
 * Rows only move forward, so an event the row already reflects (a replay) changes nothing. `columns` type the
 * key and the new values (`version int` is added); `set` may use `t` (the row) and `r` (the event's values).
 */
export function updateNewerRows(
  table: string,
  key: string,
  rows: readonly object[],
  columns: ColumnTypes,
  set: RawBuilder<unknown>,
): RawBuilder<unknown> {
  return sql`
    update ${sql.table(table)} t set ${set}, version = r.version
    from ${recordset(rows, [...columns, ['version', 'int']])}
    where t.${sql.id(key)} = r.${sql.id(key)} and t.version < r.version`
}

/** Removed records stay as rows marked deleted (by their text `id`), each only if its event is newer. */
export function markDeleted(table: string, rows: readonly { id: string; version: number }[]): RawBuilder<unknown> {
  return updateNewerRows(table, 'id', rows, [['id', 'text']], sql`deleted = true`)
}

/**
 * `column = case when r.changes ? key then (r.changes->>key)::cast else t.column end`, for events that carry only
 * the changed fields (`r.changes`, jsonb): a field named there moves (to null if changed to null), others stay.
 */
export function changedColumn(key: string, column: string, cast: string): RawBuilder<unknown> {
  return sql`${sql.id(column)} = case when r.changes ? ${key} then (r.changes->>${key})::${sql.raw(cast)} else t.${sql.id(column)} end`
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Ids from metadata land in uuid columns; a malformed one would make the batch fail on every retry and stall
 * the projection for good, so it is stored as unknown (null) instead.
 */
export function uuidOrNull(value: unknown): string | null {
  return typeof value === 'string' && UUID.test(value) ? value : null
}

/** Optional text fields may arrive as '' (cleared inputs); the read model stores "no value" as null. */
export function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

/**
 * `column = 'erased'` for each of `columns` that holds a value (an empty one stays empty): what a read model does
 * with the personal columns of a subject whose data was erased (docs/decisions/035).
 */
export function erasedColumns(columns: readonly string[]): RawBuilder<unknown> {
  return sql.join(columns.map((c) => sql`${sql.id(c)} = case when t.${sql.id(c)} is null then null else ${ERASED} end`))
}
