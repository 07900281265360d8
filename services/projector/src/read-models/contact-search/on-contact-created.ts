import type { ContactCreated } from '@crm/contracts'
import { sql } from 'kysely'
import type { BatchHandler } from '../../runtime/apply-by-type'
import { insertRows, textOrNull, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'
import { contactFactColumns, contactFacts } from './contact-facts'

const columns: ColumnTypes = [
  ['contact_id', 'uuid'],
  ['division_id', 'int'],
  ['is_primary', 'boolean'],
  ...contactFactColumns,
  ['created_at', 'timestamptz'],
  ['import_date', 'timestamptz'],
  ['status_id', 'int'],
  ['assigned', 'uuid'],
  ['assigned_at', 'timestamptz'],
  ['status_changed_at', 'timestamptz'],
  ['was_prospect', 'boolean'],
  ['was_account', 'boolean'],
  ['version', 'int'],
]

/** A new contact is one row, in the division it was created in; replayed, the row stays as it is. */
export const onContactCreated: BatchHandler<'contact_search', ContactCreated> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => {
    const assigned = uuidOrNull(data.assigned)
    return {
      contact_id: data.contactId,
      division_id: data.divisionId,
      is_primary: true,
      ...contactFacts(data),
      created_at: metadata.occurredAt,
      import_date: textOrNull(data.importDate),
      status_id: data.statusId,
      assigned,
      assigned_at: assigned ? metadata.occurredAt : null,
      status_changed_at: metadata.occurredAt,
      was_prospect: data.statusId === 2 || data.statusId === 3,
      was_account: data.statusId === 3,
      version: streamVersion,
    }
  })
  await insertRows(tables.contact_search, rows, columns, sql`on conflict (contact_id, division_id) do nothing`).execute(
    trx,
  )
}
