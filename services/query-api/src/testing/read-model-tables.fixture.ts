import { migrateAuthSessions, migrateCheckpoints } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { createLifecycleFixture } from './lifecycle-tables.fixture'

/**
 * TEST FIXTURE: plain tables with the columns of the projector's read models (services/projector owns the
 * real ones, as versioned tables behind these names). Services may not import each other, so query-API
 * tests create these and fill them as the projector would. Also creates what other owners provide at run
 * time: projection_checkpoints (platform) and auth_sessions (command API).
 */
export async function createReadModelFixture(db: Kysely<unknown>): Promise<void> {
  await migrateCheckpoints(db)
  await migrateAuthSessions(db)
  await sql`
    create table contacts_list (
      id uuid primary key, name text, dba text, owner_name text, email text, business_phone text, mobile_phone text,
      home_phone text, street1 text, city text, state text, zip text, country text, mc_number text, dot_number text,
      contact_category int, organization_type_id int, nationality_id int, company_type_id int, number_of_trucks int,
      date_established date, import_date timestamptz, last_contact_date timestamptz, last_meeting_date timestamptz,
      opened_flags int not null default 0, preferred_language text, created_at timestamptz, created_by uuid,
      version int not null, deleted boolean not null default false
    )`.execute(db)
  await sql`
    create table contact_divisions (
      contact_id uuid not null, division_id int not null, status_id int, grade int, stage int, assigned uuid,
      updated_at timestamptz, version int not null default 1, primary key (contact_id, division_id)
    )`.execute(db)
  await sql`
    create table stream_history (
      stream_id text not null, stream_version int not null, position text not null, event_type text not null,
      summary text, user_id uuid, division_id int, occurred_at timestamptz not null, data jsonb,
      contact_id uuid, signed_in_by uuid, client_address text,
      primary key (stream_id, stream_version)
    )`.execute(db)
  await sql`
    create table users (
      user_id uuid primary key, email text not null, name text, division_id int, manager_id uuid, permissions text[] not null default '{}',
      password_hash text, phone_number text, active_phone text, office_ext text, signature text,
      options jsonb not null default '{}', expectations jsonb not null default '{}', disabled boolean not null default false,
      created_at timestamptz
    )`.execute(db)
  await sql`
    create table divisions (
      division_id int primary key, name text not null, deleted boolean not null default false,
      created_at timestamptz, updated_at timestamptz
    )`.execute(db)
  // The referrals of a contact: its history includes their streams (the columns the history reads).
  await sql`create table referrals (referral_id uuid primary key, contact_id uuid not null)`.execute(db)
  await createLifecycleFixture(db)
}

/** Marks projections as caught up to `position` (what the projector does after each batch). */
export async function setCheckpoint(db: Kysely<unknown>, name: string, position: string): Promise<void> {
  await sql`
    insert into projection_checkpoints (name, version, position, state, events_applied, updated_at)
    values (${name}, 1, ${position}, 'active', 1, now())
    on conflict (name, version) do update set position = excluded.position, events_applied = projection_checkpoints.events_applied + 1,
      updated_at = now()`.execute(db)
}
