import { sql, type Kysely } from 'kysely'

/**
 * TEST FIXTURE: the contact-lifecycle columns and tables of the projector's read models (issue 4), added to
 * the fixture's contacts_list and contact_divisions, for query-API tests.
 */
export async function createLifecycleFixture(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table contacts_list
      add column safer_phone text, add column safer_mobile_phone text,
      add column is_rfp boolean not null default false, add column is_mfp boolean not null default false,
      add column is_credit_app boolean not null default false, add column is_online_form boolean not null default false,
      add column rfp_date date, add column mfp_date date, add column credit_app_date date, add column online_form_date date,
      add column current_balance numeric, add column days_late int, add column last_collection_activity timestamptz,
      add column out_of_business boolean not null default false, add column merged_into uuid,
      add column business_cards jsonb not null default '[]'`.execute(db)
  await sql`
    alter table contact_divisions
      add column effort_level int, add column prospect_source int, add column account_source int,
      add column status_changed_at timestamptz`.execute(db)
  await sql`
    create table lessees (contact_id uuid primary key, lessee jsonb, mc_number text, updated_at timestamptz not null,
      version int not null)`.execute(db)
}
