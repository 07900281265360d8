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
