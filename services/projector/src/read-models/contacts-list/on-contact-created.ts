import type { ContactCreated } from '@crm/contracts'
import { sql } from 'kysely'
import type { BatchHandler } from '../../runtime/apply-by-type'
import { languageOf } from './on-profile-events'
import { insertRows, textOrNull, uuidOrNull, type ColumnTypes } from '../../runtime/recordset'

const columns: ColumnTypes = [
  ['id', 'uuid'],
  ['name', 'text'],
  ['dba', 'text'],
  ['owner_name', 'text'],
  ['email', 'text'],
  ['business_phone', 'text'],
  ['mobile_phone', 'text'],
  ['home_phone', 'text'],
  ['street1', 'text'],
  ['city', 'text'],
  ['state', 'text'],
  ['zip', 'text'],
  ['country', 'text'],
  ['mc_number', 'text'],
  ['dot_number', 'text'],
  ['contact_category', 'int'],
  ['organization_type_id', 'int'],
  ['nationality_id', 'int'],
  ['company_type_id', 'int'],
  ['number_of_trucks', 'int'],
  ['date_established', 'date'],
  ['import_date', 'timestamptz'],
  ['preferred_language', 'text'],
  ['created_at', 'timestamptz'],
  ['created_by', 'uuid'],
  ['version', 'int'],
]

/** A created contact is a new row; seen again (replay), the row already exists and stays as it is. */
export const onContactCreated: BatchHandler<'contacts_list', ContactCreated> = async (trx, events, tables) => {
  const rows = events.map(({ data, metadata, streamVersion }) => ({
    id: data.contactId,
    name: data.name,
    dba: textOrNull(data.dba),
    owner_name: textOrNull(data.ownerName),
    email: textOrNull(data.email),
    business_phone: textOrNull(data.businessPhone),
    mobile_phone: textOrNull(data.mobilePhone),
    home_phone: textOrNull(data.homePhone),
    street1: textOrNull(data.address?.street1),
    city: textOrNull(data.address?.city),
    state: textOrNull(data.address?.state),
    zip: textOrNull(data.address?.zip),
    country: textOrNull(data.address?.country),
    mc_number: textOrNull(data.mcNumber),
    dot_number: textOrNull(data.dotNumber),
    contact_category: data.contactCategory ?? null,
    organization_type_id: data.organizationTypeId ?? null,
    nationality_id: data.nationalityId ?? null,
    company_type_id: data.companyTypeId ?? null,
    number_of_trucks: data.numberOfTrucks ?? null,
    date_established: textOrNull(data.dateEstablished),
    import_date: textOrNull(data.importDate),
    preferred_language: languageOf(data.nationalityId),
    created_at: metadata.occurredAt,
    created_by: uuidOrNull(metadata.userId),
    version: streamVersion,
  }))
  await insertRows(tables.contacts_list, rows, columns, sql`on conflict (id) do nothing`).execute(trx)
}
