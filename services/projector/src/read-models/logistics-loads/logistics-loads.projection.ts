import type { LogisticsLoadBooked, LogisticsLoadChanged, LogisticsLoadDeleted } from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { changedColumn, insertRows, updateNewerRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'logistics_loads'>

/**
 * Loads of logistics customers (docs/product.md 3 "Load"): the customer's loads table reads them by customer and
 * pick-up date, its totals sum load pay per customer and per month of pick-up.
 */
async function migrate(trx: Executor, { logistics_loads: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      load_id uuid primary key,
      contact_id uuid not null,
      origin_city text not null,
      origin_state_id int not null,
      origin_zip text,
      destination_city text not null,
      destination_state_id int not null,
      destination_zip text,
      pick_up_date date not null,
      load_pay numeric(14, 2) not null,
      load_type_id int,
      product text,
      equipment_id int,
      weight float8,
      notes text,
      created_by uuid,
      created_at timestamptz not null,
      deleted boolean not null default false,
      version int not null
    )`.execute(trx)
  await sql`create index on ${sql.table(table)} (contact_id, pick_up_date desc, load_id) where not deleted`.execute(trx)
}

const columns: ColumnTypes = [
  ['load_id', 'uuid'],
  ['contact_id', 'uuid'],
  ['origin_city', 'text'],
  ['origin_state_id', 'int'],
  ['origin_zip', 'text'],
  ['destination_city', 'text'],
  ['destination_state_id', 'int'],
  ['destination_zip', 'text'],
  ['pick_up_date', 'date'],
  ['load_pay', 'numeric'],
  ['load_type_id', 'int'],
  ['product', 'text'],
  ['equipment_id', 'int'],
  ['weight', 'float8'],
  ['notes', 'text'],
  ['created_by', 'uuid'],
  ['created_at', 'timestamptz'],
  ['version', 'int'],
]

const onBooked: BatchHandler<'logistics_loads', LogisticsLoadBooked> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    load_id: data.loadId,
    contact_id: data.contactId,
    origin_city: data.originCity,
    origin_state_id: data.originStateId,
    origin_zip: data.originZip,
    destination_city: data.destinationCity,
    destination_state_id: data.destinationStateId,
    destination_zip: data.destinationZip,
    pick_up_date: data.pickUpDate,
    load_pay: data.loadPay,
    load_type_id: data.loadTypeId,
    product: data.product,
    equipment_id: data.equipmentId,
    weight: data.weight,
    notes: data.notes,
    created_by: uuidOrNull(data.createdBy),
    created_at: metadata.occurredAt,
    version: streamVersion,
  }))
  await insertRows(tables.logistics_loads, rows, columns, sql`on conflict (load_id) do nothing`).execute(trx)
}

const changeTypes: ColumnTypes = [
  ['load_id', 'uuid'],
  ['changes', 'jsonb'],
]

const onChanged: BatchHandler<'logistics_loads', LogisticsLoadChanged> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({
    load_id: data.loadId,
    changes: data.changes,
    version: streamVersion,
  }))
  const set = sql.join([
    changedColumn('originCity', 'origin_city', 'text'),
    changedColumn('originStateId', 'origin_state_id', 'int'),
    changedColumn('originZip', 'origin_zip', 'text'),
    changedColumn('destinationCity', 'destination_city', 'text'),
    changedColumn('destinationStateId', 'destination_state_id', 'int'),
    changedColumn('destinationZip', 'destination_zip', 'text'),
    changedColumn('pickUpDate', 'pick_up_date', 'date'),
    changedColumn('loadPay', 'load_pay', 'numeric'),
    changedColumn('loadTypeId', 'load_type_id', 'int'),
    changedColumn('product', 'product', 'text'),
    changedColumn('equipmentId', 'equipment_id', 'int'),
    changedColumn('weight', 'weight', 'float8'),
    changedColumn('notes', 'notes', 'text'),
  ])
  await updateNewerRows(tables.logistics_loads, 'load_id', rows, changeTypes, set).execute(trx)
}

const onDeleted: BatchHandler<'logistics_loads', LogisticsLoadDeleted> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => ({ load_id: data.loadId, version: streamVersion }))
  await updateNewerRows(tables.logistics_loads, 'load_id', rows, [['load_id', 'uuid']], sql`deleted = true`).execute(
    trx,
  )
}

export const logisticsLoadsProjection = defineProjection({
  name: 'logistics_loads',
  version: 1,
  tables: ['logistics_loads'],
  migrate,
  applyBatch: applyByType<'logistics_loads'>({
    LogisticsLoadBooked: onBooked,
    LogisticsLoadChanged: onChanged,
    LogisticsLoadDeleted: onDeleted,
  }),
})
