import { RedFlagStatus } from '@crm/contracts'
import type { ContactsCombined, RedFlagRaised, RedFlagResolved } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, erasedContactRows, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, recordset, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'red_flags'>

async function migrate(trx: Executor, { red_flags: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      id text primary key,
      contact_id uuid not null,
      division_id int,
      note text not null,
      status int not null,
      raised_by uuid,
      raised_at timestamptz not null,
      resolved_by uuid,
      resolved_at timestamptz,
      resolution text
    )`.execute(trx)
  await sql`create index on ${sql.table(table)} (contact_id, status, raised_at desc)`.execute(trx)
}

const raisedColumns: ColumnTypes = [
  ['id', 'text'],
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['note', 'text'],
  ['status', 'int'],
  ['raised_by', 'uuid'],
  ['raised_at', 'timestamptz'],
]

const onRaised: BatchHandler<'red_flags', RedFlagRaised> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata }) => ({
    id: data.redFlagId,
    contact_id: data.contactId,
    division_id: data.divisionId,
    note: data.note,
    status: RedFlagStatus.Open,
    raised_by: uuidOrNull(metadata.userId),
    raised_at: metadata.occurredAt,
  }))
  await insertRows(tables.red_flags, rows, raisedColumns, sql`on conflict (id) do nothing`).execute(trx)
}

const onResolved: BatchHandler<'red_flags', RedFlagResolved> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata }) => ({
    id: data.redFlagId,
    resolution: data.resolution,
    by: uuidOrNull(metadata.userId),
    at: metadata.occurredAt,
  }))
  await sql`
    update ${sql.table(tables.red_flags)} t set status = ${sql.lit(RedFlagStatus.Resolved)}, resolution = r.resolution, resolved_by = r.by, resolved_at = r.at
    from ${recordset(rows, [
      ['id', 'text'],
      ['resolution', 'text'],
      ['by', 'uuid'],
      ['at', 'timestamptz'],
    ])}
    where t.id = r.id and t.status = ${sql.lit(RedFlagStatus.Open)}`.execute(trx)
}

/** A combine re-homes the open flags it keeps on the survivor. */
const onCombined: BatchHandler<'red_flags', ContactsCombined> = async (trx, events, tables) => {
  const rows = events.flatMap(({ data }) => data.redFlags.map((f) => ({ id: f.redFlagId, contact_id: data.contactId })))
  if (rows.length === 0) return
  await sql`
    update ${sql.table(tables.red_flags)} t set contact_id = r.contact_id
    from ${recordset(rows, [
      ['id', 'text'],
      ['contact_id', 'uuid'],
    ])} where t.id = r.id`.execute(trx)
}

/** Red flags of each contact, open (1) or resolved (2), for the contact page and the flag filters. */
export const redFlagsProjection = defineProjection({
  name: 'red_flags',
  version: 1,
  tables: ['red_flags'],
  migrate,
  applyBatch: applyByType<'red_flags'>(
    {
      RedFlagRaised: onRaised,
      RedFlagResolved: onResolved,
      ContactsCombined: onCombined,
      PersonalDataErased: erasedContactRows('red_flags', ['note', 'resolution']),
    },
    (e) => (e.data as { redFlagId?: string }).redFlagId ?? e.streamId,
  ),
})
