import { sql } from 'kysely'
import type { Executor, TableNames } from '../../runtime/projection'

export type ContactsListTables = TableNames<'contacts_list'>

/**
 * One row per contact: the contact record the contact page, the duplicate checks and most other readers join
 * (the query API selects these columns by name). The contacts table reads contact_search instead
 * (docs/decisions/012-one-list-read-model.md). `version` is the contact stream's version last applied: updates
 * only apply when newer.
 * Indexes are left unnamed so that PostgreSQL picks unique names for every versioned or rebuilt copy.
 */
export async function migrateContactsList(trx: Executor, { contacts_list: table }: ContactsListTables): Promise<void> {
  await sql`
    create table ${sql.table(table)} (
      id uuid primary key,
      name text,
      dba text,
      owner_name text,
      email text,
      business_phone text,
      mobile_phone text,
      home_phone text,
      street1 text,
      city text,
      state text,
      zip text,
      country text,
      mc_number text,
      dot_number text,
      contact_category int,
      organization_type_id int,
      nationality_id int,
      company_type_id int,
      number_of_trucks int,
      date_established date,
      import_date timestamptz,
      last_contact_date timestamptz,
      last_meeting_date timestamptz,
      opened_flags int not null default 0,
      preferred_language text,
      created_at timestamptz,
      created_by uuid,
      version int not null,
      deleted boolean not null default false,
      safer_phone text,
      safer_mobile_phone text,
      is_rfp boolean not null default false,
      is_mfp boolean not null default false,
      is_credit_app boolean not null default false,
      is_online_form boolean not null default false,
      rfp_date date,
      mfp_date date,
      credit_app_date date,
      online_form_date date,
      current_balance numeric,
      days_late int,
      last_collection_activity timestamptz,
      out_of_business boolean not null default false,
      merged_into uuid,
      business_cards jsonb not null default '[]'
    )`.execute(trx)
  // Duplicate checks match names case-insensitively.
  await sql`create index on ${sql.table(table)} (lower(name))`.execute(trx)
  // Duplicate checks and the lessee MC search look contacts up by these.
  await sql`create index on ${sql.table(table)} (dot_number)`.execute(trx)
  await sql`create index on ${sql.table(table)} (mc_number)`.execute(trx)
  // v2: the Possible Duplicates window and the lists' Related Entities count also match phone and email.
  await sql`create index on ${sql.table(table)} (business_phone) where business_phone is not null`.execute(trx)
  await sql`create index on ${sql.table(table)} (lower(email)) where email is not null`.execute(trx)
  await sql`create index on ${sql.table(table)} (merged_into) where merged_into is not null`.execute(trx)
}
