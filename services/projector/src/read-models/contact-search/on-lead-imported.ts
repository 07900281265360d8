import type { LeadImported } from '@crm/contracts'
import { sql } from 'kysely'
import type { BatchHandler } from '../../runtime/apply-by-type'
import { recordset, textOrNull, type ColumnTypes } from '../../runtime/recordset'
import { contactFactColumns, contactFacts } from './contact-facts'

const leadColumns: ColumnTypes = [
  ['source', 'text'],
  ['source_id', 'int'],
  ['operating_status', 'text'],
  ['number_of_drivers', 'int'],
]
const columns: ColumnTypes = [['contact_id', 'uuid'], ['version', 'int'], ...contactFactColumns, ...leadColumns]
// Facts only fill in: an import never blanks what a contact already has.
const fillable = [...contactFactColumns, ...leadColumns].map(([name]) => name)

/**
 * An imported row on a contact: the lead's source, operating status and drivers, plus (for a contact that
 * existed) the fields it lacked. Applies to every division row of the contact, once per stream version.
 */
export const onLeadImported: BatchHandler<'contact_search', LeadImported> = async (trx, events, tables) => {
  const rows = events.map(({ data, streamVersion }) => {
    const facts = contactFacts({ organizationTypeId: 7, contactCategory: 1, ...data.fields, name: '' })
    return {
      ...facts,
      name: textOrNull(data.fields.name),
      organization_type_id: data.fields.organizationTypeId ?? null,
      contact_category: data.fields.contactCategory ?? null,
      is_ex_yu: data.fields.nationalityId === undefined ? null : facts.is_ex_yu,
      contact_id: data.contactId,
      version: streamVersion,
      source: textOrNull(data.lead.source),
      source_id: data.lead.sourceId ?? null,
      operating_status: textOrNull(data.lead.operatingStatus),
      number_of_drivers: data.lead.numberOfDrivers ?? null,
    }
  })
  const assignments = sql.join(fillable.map((c) => sql`${sql.id(c)} = coalesce(t.${sql.id(c)}, r.${sql.id(c)})`))
  await sql`
    update ${sql.table(tables.contact_search)} as t
    set ${assignments}, version = r.version
    from ${recordset(rows, columns)}
    where t.contact_id = r.contact_id and t.version < r.version`.execute(trx)
}
