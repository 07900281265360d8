import { ContactStatus } from '@crm/contracts'
import type { ContactCreated, LeadImported } from '@crm/contracts'
import type { StoredEvent } from '@crm/platform'
import { sql } from 'kysely'
import type { BatchHandler, StoredOf } from '../../runtime/apply-by-type'
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
  ['source', 'text'],
  ['source_id', 'int'],
  ['operating_status', 'text'],
  ['number_of_drivers', 'int'],
  ['version', 'int'],
]

/** A ContactCreated with the facts of the LeadImported that followed it in the same batch (see foldImportedLeads). */
export type CreatedWithLead = StoredOf<ContactCreated> & { lead?: LeadImported['data']['lead'] }

/**
 * An import wrote each new contact as ContactCreated and then LeadImported with nothing but the lead's facts
 * (since then it writes one ContactCreated with the facts in `imported`; the stored pairs are still read):
 * where both are in one batch, the row is inserted once with those facts (at the LeadImported's version)
 * instead of inserted and then updated, which rewrote every index of the row and took a sixth of the
 * database's time of a census import.
 */
export function foldImportedLeads(events: readonly StoredEvent[]): StoredEvent[] {
  const created = new Map<string, number>()
  const out: StoredEvent[] = []
  for (const event of events) {
    if (event.type === 'ContactCreated') created.set(event.streamId, out.length)
    const at = event.type === 'LeadImported' ? created.get(event.streamId) : undefined
    const lead = event.data as LeadImported['data']
    if (
      at !== undefined &&
      out[at]!.streamVersion === event.streamVersion - 1 &&
      Object.keys(lead.fields).length === 0
    ) {
      out[at] = { ...out[at]!, streamVersion: event.streamVersion, lead: lead.lead } as CreatedWithLead
      created.delete(event.streamId)
      continue
    }
    out.push(event)
  }
  return out
}

/** A new contact is one row, in the division it was created in; replayed, the row stays as it is. */
export const onContactCreated: BatchHandler<'contact_search', ContactCreated> = async (trx, events, tables) => {
  const rows = (events as CreatedWithLead[]).map(({ data, metadata, streamVersion, lead: folded }) => {
    const lead = folded ?? data.imported?.lead
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
      was_prospect: data.statusId === ContactStatus.Prospect || data.statusId === ContactStatus.Account,
      was_account: data.statusId === ContactStatus.Account,
      source: textOrNull(lead?.source),
      source_id: lead?.sourceId ?? null,
      operating_status: textOrNull(lead?.operatingStatus),
      number_of_drivers: lead?.numberOfDrivers ?? null,
      version: streamVersion,
    }
  })
  await insertRows(tables.contact_search, rows, columns, sql`on conflict (contact_id, division_id) do nothing`).execute(
    trx,
  )
}
