import type { ContactCreated } from '@crm/contracts'
import { sql } from 'kysely'
import type { BatchHandler } from '../../runtime/apply-by-type'
import { insertRows, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

const columns: ColumnTypes = [
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['status_id', 'int'],
  ['assigned', 'uuid'],
  ['updated_at', 'timestamptz'],
  ['version', 'int'],
]

/** A contact is created into one division with a status (and maybe an assigned user). */
export const onContactCreated: BatchHandler<'contact_divisions', ContactCreated> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    contact_id: data.contactId,
    division_id: data.divisionId,
    status_id: data.statusId,
    assigned: uuidOrNull(data.assigned),
    updated_at: metadata.occurredAt,
    version: streamVersion,
  }))
  await insertRows(
    tables.contact_divisions,
    rows,
    columns,
    sql`on conflict (contact_id, division_id) do nothing`,
  ).execute(trx)
}
