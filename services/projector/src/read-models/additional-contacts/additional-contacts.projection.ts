import type {
  AdditionalContactAdded,
  AdditionalContactRemoved,
  AdditionalContactUpdated,
  ContactsCombined,
} from '@crm/contracts'
import { sql } from 'kysely'
import { applyByType, erasedContactRows, type BatchHandler } from '../../runtime/apply-by-type'
import { defineProjection, type Executor, type TableNames } from '../../runtime/projection'
import { insertRows, type ColumnTypes } from '../../runtime/recordset'

type Tables = TableNames<'additional_contacts'>

async function migrate(trx: Executor, { additional_contacts: table }: Tables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      id text primary key,
      contact_id uuid not null,
      contact_person text not null,
      email text,
      business_phone text,
      mobile_phone text,
      deleted boolean not null default false,
      version int not null
    )`.execute(trx)
  await sql`create index on ${sql.table(table)} (contact_id)`.execute(trx)
}

const columns: ColumnTypes = [
  ['id', 'text'],
  ['contact_id', 'uuid'],
  ['contact_person', 'text'],
  ['email', 'text'],
  ['business_phone', 'text'],
  ['mobile_phone', 'text'],
  ['deleted', 'boolean'],
  ['version', 'int'],
]

type Upserted = AdditionalContactAdded | AdditionalContactUpdated | AdditionalContactRemoved

/** Added, edited and removed are the same upsert: the row as of that stream version, newer wins. */
const onChange: BatchHandler<'additional_contacts', Upserted> = async (trx, events, tables) => {
  const rows = events.map(({ type, data, streamVersion }) => {
    const d = data as Partial<AdditionalContactAdded['data']> & { contactId: string; additionalContactId: string }
    return {
      id: d.additionalContactId,
      contact_id: d.contactId,
      contact_person: d.contactPerson ?? '',
      email: d.email ?? null,
      business_phone: d.businessPhone ?? null,
      mobile_phone: d.mobilePhone ?? null,
      deleted: type === 'AdditionalContactRemoved',
      version: streamVersion,
    }
  })
  const t = sql.table(tables.additional_contacts)
  await insertRows(
    tables.additional_contacts,
    rows,
    columns,
    sql`on conflict (id) do update set
      contact_person = case when excluded.deleted then ${t}.contact_person else excluded.contact_person end,
      email = case when excluded.deleted then ${t}.email else excluded.email end,
      business_phone = case when excluded.deleted then ${t}.business_phone else excluded.business_phone end,
      mobile_phone = case when excluded.deleted then ${t}.mobile_phone else excluded.mobile_phone end,
      deleted = excluded.deleted, version = excluded.version
      where ${t}.version < excluded.version`,
  ).execute(trx)
}

/** After a combine the survivor has exactly the additional contacts chosen in the wizard. */
const onCombined: BatchHandler<'additional_contacts', ContactsCombined> = async (trx, events, tables) => {
  for (const { data, streamVersion } of events) {
    const kept = data.additionalContacts.map((a) => a.additionalContactId)
    await sql`
      update ${sql.table(tables.additional_contacts)} set deleted = true, version = ${streamVersion}
      where contact_id = ${data.contactId}::uuid and version < ${streamVersion} and not (id = any(${kept}::text[]))`.execute(
      trx,
    )
    const rows = data.additionalContacts.map((a) => ({
      id: a.additionalContactId,
      contact_id: data.contactId,
      contact_person: a.contactPerson,
      email: a.email,
      business_phone: a.businessPhone,
      mobile_phone: a.mobilePhone,
      deleted: false,
      version: streamVersion,
    }))
    if (rows.length === 0) continue
    const t = sql.table(tables.additional_contacts)
    await insertRows(
      tables.additional_contacts,
      rows,
      columns,
      sql`on conflict (id) do update set contact_id = excluded.contact_id, deleted = false, version = excluded.version
        where ${t}.contact_id <> excluded.contact_id or ${t}.deleted`,
    ).execute(trx)
  }
}

/** Additional contacts (contact person, email, phones) of each contact. */
export const additionalContactsProjection = defineProjection({
  name: 'additional_contacts',
  version: 1,
  tables: ['additional_contacts'],
  migrate,
  applyBatch: applyByType<'additional_contacts'>({
    AdditionalContactAdded: onChange,
    AdditionalContactUpdated: onChange,
    AdditionalContactRemoved: onChange,
    ContactsCombined: onCombined,
    // Erased personal data (docs/decisions/035): the people listed on the contact read "erased".
    PersonalDataErased: erasedContactRows('additional_contacts', [
      'contact_person',
      'email',
      'business_phone',
      'mobile_phone',
    ]),
  }),
})
