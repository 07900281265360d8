import type { Database } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { BackupRefused, type BackupWriter, type SectionStart } from './archive'

/** Text forms that read back to the same values whatever the server's or the session's defaults. */
const STABLE_TEXT = [
  sql`set local timezone = 'UTC'`,
  sql`set local datestyle = 'ISO, YMD'`,
  sql`set local intervalstyle = 'postgres'`,
  sql`set local extra_float_digits = 3`,
  sql`set local bytea_output = 'hex'`,
]

const id = (name: string) => sql.id(name)

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Trx = Kysely<any>

async function tableDefinition(trx: Trx, table: string) {
  const { rows: columns } = await sql<{
    name: string
    type: string
    notnull: boolean
    def: string | null
    identity: string
    generated: string
  }>`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull,
           pg_get_expr(d.adbin, d.adrelid) as def, a.attidentity as identity, a.attgenerated as generated
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = format('%I', ${table}::text)::regclass and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(trx)
  const { rows: constraints } = await sql<{ name: string; def: string }>`
    select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
    where conrelid = format('%I', ${table}::text)::regclass and contype in ('p', 'u', 'c', 'x') order by conname`.execute(
    trx,
  )
  const { rows: indexes } = await sql<{ def: string }>`
    select pg_get_indexdef(i.indexrelid) as def from pg_index i
    where i.indrelid = format('%I', ${table}::text)::regclass
      and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
    order by i.indexrelid::regclass::text`.execute(trx)
  const { rows: triggers } = await sql<{ def: string }>`
    select pg_get_triggerdef(oid) as def from pg_trigger
    where tgrelid = format('%I', ${table}::text)::regclass and not tgisinternal order by tgname`.execute(trx)
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`
  const unqualified = await schemaless(trx)
  const columnDdl = columns.map((c) => {
    const parts = [quote(c.name), c.type]
    if (c.generated === 's') parts.push(`generated always as (${c.def}) stored`)
    else if (c.identity) parts.push(`generated ${c.identity === 'a' ? 'always' : 'by default'} as identity`)
    else if (c.def !== null) parts.push(`default ${c.def}`)
    if (c.notnull) parts.push('not null')
    return parts.join(' ')
  })
  const create = `create table ${quote(table)} (${[
    ...columnDdl,
    ...constraints.map((c) => `constraint ${quote(c.name)} ${c.def}`),
  ].join(', ')})`
  return {
    columns: columns.filter((c) => c.generated === '').map((c) => c.name),
    create,
    indexes: indexes.map((i) => unqualified(i.def)),
    triggers: triggers.map((t) => unqualified(t.def)),
  }
}

/**
 * PostgreSQL names the schema in the definitions it gives (`ON myschema.t`, `EXECUTE FUNCTION myschema.f()`):
 * removed, so the restore makes them in its own schema and never in the one the backup came from.
 */
async function schemaless(trx: Trx): Promise<(definition: string) => string> {
  const { rows } = await sql<{ q: string }>`select quote_ident(current_schema()) as q`.execute(trx)
  const prefix = `${rows[0]!.q}.`
  return (definition) => definition.replaceAll(prefix, '')
}

/**
 * A consistent copy of every table, view and sequence of the product's schema on PostgreSQL, in one
 * REPEATABLE READ transaction: what any one command wrote is in it whole or not at all, while people keep working.
 */
export async function copyPostgresSchema(database: Database, out: BackupWriter): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await sql`set transaction isolation level repeatable read, read only`.execute(trx)
    for (const setting of STABLE_TEXT) await setting.execute(trx)
    const { rows: relations } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind from pg_class c
      where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p', 'v', 'S')
      order by c.relname`.execute(trx)
    for (const { name } of relations.filter((r) => r.kind === 'r' || r.kind === 'p')) {
      await out.begin({ section: 'table', name, ...(await tableDefinition(trx, name)) })
      await sql`declare backup_rows no scroll cursor for select t::text as r from ${id(name)} t`.execute(trx)
      for (;;) {
        const { rows } = await sql<{ r: string }>`fetch 2000 from backup_rows`.execute(trx)
        for (const row of rows) await out.data(row.r)
        if (rows.length < 2000) break
      }
      await sql`close backup_rows`.execute(trx)
      await out.end()
    }
    for (const { name } of relations.filter((r) => r.kind === 'S')) {
      const { rows } = await sql<{ last_value: string; is_called: boolean }>`
        select last_value::text, is_called from ${id(name)}`.execute(trx)
      const { rows: owner } = await sql<{ owned: string | null }>`
        select (select a.attrelid::regclass::text || '.' || a.attname from pg_depend d
                join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
                where d.objid = format('%I', ${name}::text)::regclass and d.deptype in ('a', 'i') limit 1) as owned`.execute(
        trx,
      )
      await out.begin({
        section: 'sequence',
        name,
        lastValue: rows[0]!.last_value,
        isCalled: rows[0]!.is_called,
        ownedBy: owner[0]?.owned ?? null,
      })
      await out.end()
    }
    for (const { name } of relations.filter((r) => r.kind === 'v')) {
      const { rows } = await sql<{ def: string }>`
        select pg_get_viewdef(format('%I', ${name}::text)::regclass) as def`.execute(trx)
      await out.begin({ section: 'view', name, definition: (await schemaless(trx))(rows[0]!.def) })
      await out.end()
    }
  })
}

/** The highest transaction id of the events (the target server must be past it), in the same kind of snapshot. */
export async function maxEventTransaction(database: Database): Promise<string | undefined> {
  const { rows } = await sql<{ exists: boolean }>`select to_regclass('events') is not null as exists`.execute(
    database.db,
  )
  if (!rows[0]?.exists) return undefined
  const max = await sql<{ max: string | null }>`select max(transaction_id)::text as max from events`.execute(
    database.db,
  )
  return max.rows[0]?.max ?? undefined
}

/** Tables of the schema that hold rows: a restore goes only into a database where there are none. */
export async function tablesWithRows(database: Database): Promise<string[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') order by c.relname`.execute(
    database.db,
  )
  const filled: string[] = []
  for (const { name } of tables) {
    // Filled by the product's own migrations before any work: a database only migrated is still empty.
    if (name === 'projection_checkpoints') continue
    const { rows } = await sql<{ one: number }>`select 1 as one from ${id(name)} limit 1`.execute(database.db)
    if (rows.length > 0) filled.push(name)
  }
  return filled
}

const MAX_TRANSACTIONS_TO_ADVANCE = 5_000_000

/**
 * The events' transaction ids order the store (decision 001): the target server must have used more ids than the
 * backup's newest event, or readers would take restored events for unfinished ones. A server behind is moved on
 * (a few million ids take a minute); one far behind is refused before anything is changed.
 */
export async function checkTransactionCounter(database: Database, maxTransactionId: string | undefined) {
  if (!maxTransactionId) return 0
  const { rows } = await sql<{ current: string }>`select pg_current_xact_id()::text as current`.execute(database.db)
  const behind = BigInt(maxTransactionId) - BigInt(rows[0]!.current) + 1n
  if (behind <= 0n) return 0
  if (behind > BigInt(MAX_TRANSACTIONS_TO_ADVANCE)) {
    throw new BackupRefused(
      `This PostgreSQL server has used ${rows[0]!.current} transaction ids and the backup's events need more than ` +
        `${maxTransactionId}: restore into the server the backup came from (another database or schema there), ` +
        `or a copy of it (pg_basebackup): nothing was changed.`,
    )
  }
  return Number(behind)
}

export async function advanceTransactionCounter(database: Database, count: number): Promise<void> {
  if (count <= 0) return
  await database.query(
    `do $$ begin for i in 1..${count} loop perform pg_current_xact_id(); commit; end loop; end $$`,
    [],
  )
}

/**
 * Loads the sections of a backup into a database the product's migrations have just prepared: tables the
 * migrations made are emptied and filled, tables they did not make (an older version's, a rebuild's copy) are
 * made as the backup describes them, then sequences and views are set as they were. One transaction.
 */
export function postgresLoader(trx: Trx) {
  let batch: string[] = []
  let table: Extract<SectionStart, { section: 'table' }> | undefined
  const flush = async () => {
    if (!table || batch.length === 0) return
    const columns = sql.join(table.columns.map((c) => id(c)))
    const values = sql.join(table.columns.map((c) => sql`(s.v).${id(c)}`))
    await sql`insert into ${id(table.name)} (${columns}) overriding system value
      select ${values} from (select r::${id(table.name)} as v from unnest(${batch}::text[]) as r offset 0) s`.execute(
      trx,
    )
    batch = []
  }
  return {
    async begin() {
      for (const setting of STABLE_TEXT) await setting.execute(trx)
    },
    async section(start: SectionStart) {
      if (start.section === 'table') {
        table = start
        const { rows } = await sql<{ exists: boolean }>`
          select to_regclass(format('%I', ${start.name}::text)) is not null as exists`.execute(trx)
        if (rows[0]?.exists) {
          await sql`truncate ${id(start.name)}`.execute(trx)
        } else {
          await sql.raw(start.create).execute(trx)
          for (const index of start.indexes) await sql.raw(index).execute(trx)
          for (const trigger of start.triggers) await sql.raw(trigger).execute(trx)
        }
        // Rows derived by triggers (the name words) are in the backup as they were: not derived again.
        await sql`alter table ${id(start.name)} disable trigger user`.execute(trx)
      } else if (start.section === 'sequence') {
        const { rows } = await sql<{ exists: boolean }>`
          select to_regclass(format('%I', ${start.name}::text)) is not null as exists`.execute(trx)
        if (rows[0]?.exists) {
          await sql`select setval(format('%I', ${start.name}::text)::regclass, ${start.lastValue}::bigint, ${start.isCalled})`.execute(
            trx,
          )
        }
      } else if (start.section === 'view') {
        await sql`drop view if exists ${id(start.name)}`.execute(trx)
        await sql.raw(`create view "${start.name.replaceAll('"', '""')}" as ${start.definition}`).execute(trx)
      }
    },
    async data(start: SectionStart, text: string) {
      if (start.section !== 'table') return
      batch.push(text)
      if (batch.length >= 500) await flush()
    },
    async sectionEnd(start: SectionStart) {
      if (start.section !== 'table') return
      await flush()
      await sql`alter table ${id(start.name)} enable trigger user`.execute(trx)
      table = undefined
    },
  }
}
