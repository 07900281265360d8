import { sql, type Kysely } from 'kysely'

/**
 * Every text or JSON column of every table of the database's current schema that holds one of `values`
 * (case-insensitive, anywhere in the text), as `table.column: the text found`: the proof that erased personal
 * data is nowhere (docs/decisions/035).
 */
export async function columnsHolding(db: Kysely<unknown>, values: readonly string[]): Promise<string[]> {
  const { rows: columns } = await sql<{ t: string; c: string }>`
    select c.table_name as t, c.column_name as c from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY', 'tsvector')`.execute(db)
  const patterns = values.map((v) => `%${v.toLowerCase()}%`)
  const found: string[] = []
  for (const { t, c } of columns) {
    const { rows } = await sql<{ v: string }>`
      select ${sql.ref(c)}::text as v from ${sql.table(t)}
      where lower(${sql.ref(c)}::text) like any(${patterns}::text[]) limit 1`.execute(db)
    if (rows[0]) found.push(`${t}.${c}: ${rows[0].v.slice(0, 160)}`)
  }
  return found
}
