import type { LesseeRemoved, LesseeSet } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'lessees'>

async function migrate(trx: Executor, { lessees: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      contact_id uuid primary key,
      lessee jsonb,
      mc_number text,
      updated_at timestamptz not null,
      version int not null
    )`.execute(trx)
  await sql`create index on ${sql.table(table)} (mc_number)`.execute(trx)
}

const columns: ColumnTypes = [
  ['contact_id', 'uuid'],
  ['lessee', 'jsonb'],
  ['mc_number', 'text'],
  ['updated_at', 'timestamptz'],
  ['version', 'int'],
]

/** Set, changed or removed (null): the contact's lessee as of that stream version, newer wins. */
const onLessee: BatchHandler<'lessees', LesseeSet | LesseeRemoved> = async (trx, events, tables) => {
  const rows = events.map(({ type, data, metadata, streamVersion }) => {
    const lessee = type === 'LesseeSet' ? (data as LesseeSet['data']).lessee : null
    return {
      contact_id: data.contactId,
      lessee,
      mc_number: lessee?.mcNumber ?? null,
      updated_at: metadata.occurredAt,
      version: streamVersion,
    }
  })
  const t = sql.table(tables.lessees)
  await insertRows(
    tables.lessees,
    rows,
    columns,
    sql`on conflict (contact_id) do update set lessee = excluded.lessee, mc_number = excluded.mc_number,
      updated_at = excluded.updated_at, version = excluded.version where ${t}.version < excluded.version`,
  ).execute(trx)
}

/**
 * Each contact's lessee (docs/product.md "Lessee"), as events carry it.
 * v2: rows in the lessee's version-2 shape (structured address), rebuilt from the upcast events.
 */
export const lesseesProjection = defineProjection({
  name: 'lessees',
  version: 2,
  tables: ['lessees'],
  migrate,
  applyBatch: applyByType<'lessees'>({ LesseeSet: onLessee, LesseeRemoved: onLessee }),
})
