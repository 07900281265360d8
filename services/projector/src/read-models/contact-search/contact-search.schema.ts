import { ContactStatus } from '@crm/contracts'
import { sql } from 'kysely'
import { ensureSearchExtensions } from '../../runtime/extensions'
import { createIndex } from '../../runtime/deferred-indexes'
import type { Executor, MigrateOptions, TableIndex, TableNames } from '../../runtime/projection'

/**
 * The digits of the business phone. The global search (services/query-api/src/global-search/) must write the very
 * same expression, or the planner does not use the index; regexp_replace and coalesce are immutable.
 */
const PHONE_DIGITS = "regexp_replace(coalesce(business_phone, ''), '[^0-9]', '', 'g')"

/**
 * Who owns the row, with the nil uuid for nobody (a GIN index cannot look up nulls). The lists' scope
 * (services/query-api/src/contact-lists/search-scope.ts) writes the same expression so that the trigram indexes
 * serve a rep's "theirs or unassigned".
 */
const OWNER_KEY = "coalesce(assigned, '00000000-0000-0000-0000-000000000000'::uuid)"

export type ContactSearchTables = TableNames<'contact_search'>

/**
 * One row per (contact, division): every field the contact lists and Advanced Search filter or sort on.
 * Contact-wide facts (name, address, trucks...) are repeated on each division row so that a list query
 * never joins; `is_primary` marks the row of the division the contact was created in, which searches
 * without a division read (one row per contact). `version` is the contact stream version last applied.
 */
export async function migrateContactSearch(
  trx: Executor,
  tables: ContactSearchTables,
  options?: MigrateOptions,
): Promise<void> {
  const t = tables.contact_search
  await sql`
    create table ${sql.table(t)} (
      contact_id uuid not null,
      division_id int not null,
      is_primary boolean not null default false,
      name text not null default '',
      -- The name as every name index, filter and sort reads it (docs/decisions/041-the-stored-name-key.md).
      name_key text generated always as (lower(name)) stored,
      dba text, owner_name text, email text, business_phone text, mobile_phone text,
      mc_number text, dot_number text,
      -- The MC number as the search box and the MC filter match it, in any case (docs/decisions/042).
      mc_key text generated always as (lower(mc_number)) stored,
      contact_category int, organization_type_id int, company_type_id int, nationality_id int,
      is_ex_yu boolean not null default false,
      preferred_language text,
      number_of_trucks int, number_of_drivers int, estimated_revenue numeric,
      date_established date, created_at timestamptz, import_date timestamptz,
      source_id int, source text, operating_status text,
      street1 text, city text, state text, zip text, latitude double precision, longitude double precision,
      status_id int not null, assigned uuid, assigned_at timestamptz, status_changed_at timestamptz,
      effort_level int, grade int,
      was_prospect boolean not null default false, was_account boolean not null default false,
      lost_at timestamptz, gave_up_at timestamptz, out_of_business boolean not null default false,
      last_contact_date timestamptz, last_meeting_date timestamptz, opened_flags int not null default 0,
      current_balance numeric, days_late int, last_collection_activity timestamptz,
      is_rfp boolean not null default false, rfp_date date, is_mfp boolean not null default false, mfp_date date,
      is_credit_app boolean not null default false, credit_app_date date,
      is_online_form boolean not null default false, online_form_date date,
      deleted boolean not null default false,
      version int not null,
      primary key (contact_id, division_id)
    )`.execute(trx)
  await ensureSearchExtensions(trx)
  // The planner takes no statistics from a partial index's expressions: without these it guesses "one owner in
  // 200" for nobody's, the rep's whole "unassigned" looks small enough to read from an index, and it is.
  await sql`create statistics ${sql.id(`${t}_owner`)} on (${sql.raw(OWNER_KEY)}) from ${sql.table(t)}`.execute(trx)
  // The same for the other texts the indexes are built on: a search tells a rare text by the planner's estimate
  // of its matches in the whole table (docs/decisions/043), which without these guesses a fixed share of the rows.
  for (const [name, expression] of [
    ['dba', 'lower(dba)'],
    ['email', 'lower(email)'],
    ['phone', PHONE_DIGITS],
  ]) {
    await sql`create statistics ${sql.id(`${t}_${name}`)} on (${sql.raw(expression!)}) from ${sql.table(t)}`.execute(
      trx,
    )
  }
  if (!options?.deferIndexes) for (const index of contactSearchIndexes(tables)) await createIndex(trx, index)
}

/**
 * The list and search indexes (none of them serves the projection's own writes, which find rows by key): `migrate`
 * creates them with the table, a backfill builds them once it has caught up (decision 060).
 */
export function contactSearchIndexes({ contact_search: t }: ContactSearchTables): TableIndex[] {
  const indexes: TableIndex[] = []
  const add = (key: string, columns: string, where = 'not deleted', method: TableIndex['method'] = 'btree') =>
    indexes.push({ table: t, key, columns, where, method })
  // Indexes per list shape (docs/decisions/013-list-totals-and-indexes.md). Every list sorts by name (descending
  // by default) with the id as tie-breaker; the leading columns are each list's filter. `include (assigned)`
  // lets a page's keys come from the index alone (an index-only scan: page 100 steps over 5,000 index entries,
  // not 5,000 rows), a rep's "theirs or unassigned" included; `contact_category` too, as the contact lists leave
  // dealers out (their own book, decision 020) without reading the rows; the DOT and MC numbers, as the search box
  // matches them beside the name: a page of a common text walks these entries in name order and checks each one
  // from the entry, not from its row (decision 042).
  const byName = 'name_key, contact_id) include (assigned, contact_category, dot_number, mc_key'
  add('name', `division_id, ${byName}`)
  add('status_name', `division_id, status_id, ${byName}`)
  add('state_name', `division_id, state, ${byName}`)
  add('status_state_name', `division_id, status_id, state, ${byName}`)
  add('owner_status_name', `division_id, assigned, status_id, ${byName}`)
  // Unassigned Leads / Prospects: only the unclaimed rows, so no claimed one is stepped over.
  add('unclaimed_status_name', `division_id, status_id, ${byName}`, 'not deleted and assigned is null')
  // Sorted by trucks: empty counts last in both directions, so one index per direction.
  add('trucks_desc', 'division_id, number_of_trucks desc nulls last, contact_id desc')
  add('trucks_asc', 'division_id, number_of_trucks, contact_id')
  // New Leads: this week's imports.
  add(
    'new_leads',
    'division_id, import_date',
    `not deleted and status_id = ${ContactStatus.Lead} and import_date is not null`,
  )
  // The logistics toggle lists (rfp, mfp, credit-app, online-form): only the rows whose toggle is on.
  for (const flag of ['is_rfp', 'is_mfp', 'is_credit_app', 'is_online_form']) {
    add(`${flag.slice(3)}_name`, `division_id, ${byName}`, `not deleted and ${flag}`)
  }
  // Collection List, Credit Exposure, Paid Off: only the few rows with a balance.
  add('balance', 'division_id, name_key', 'not deleted and current_balance is not null')
  // Searches without a division (executives): one row per contact.
  add('all_divisions_name', byName, 'not deleted and is_primary')
  add('all_divisions_state_name', `state, ${byName}`, 'not deleted and is_primary')
  // Distance from a zip: the box around the circle first, then the exact distance. The division leads, so a
  // search reads only its division's entries in the box: with the latitude first, a 50-mile search stepped over
  // every division's entries in a band across the country (31 ms of a 40 ms count at a million contacts). The
  // status is checked in the index, so only the box's rows of the searched statuses are read.
  add('distance', 'division_id, latitude, longitude, status_id', 'not deleted and latitude is not null')
  // Executives' searches over every division read one row per contact.
  add('all_divisions_distance', 'latitude, longitude, status_id', 'not deleted and latitude is not null and is_primary')
  // Lead import matches existing contacts by DOT and MC.
  add('dot', 'dot_number', 'dot_number is not null')
  add('mc', 'mc_number', 'mc_number is not null')
  // "Contains" (docs/product.md 9: table filters, the search box, the top bar): trigrams serve `lower(x) like
  // '%text%'` for any text of 3+ characters. The top bar's "starts with" DOT, MC and e-mail use text_pattern_ops,
  // which serves a prefix under any collation. pg_trgm is in PGlite's contrib bundle too.
  // Each trigram index leads with the division and the owner (btree_gin): a manager's search reads only their
  // division's matches, a rep's only theirs and the unassigned ones, where a plain trigram index hands over every
  // match in the database to be read and thrown away (docs/decisions/040-trigram-indexes-by-division-and-owner.md).
  const trigrams = (key: string, expression: string, where: string) =>
    add(key, `division_id, ${OWNER_KEY}, ${expression} public.gin_trgm_ops`, where, 'gin')
  trigrams('name_trgm', 'name_key', 'not deleted')
  trigrams('dba_trgm', 'lower(dba)', 'not deleted and dba is not null')
  trigrams('dot_trgm', 'dot_number', 'not deleted and dot_number is not null')
  trigrams('mc_trgm', 'mc_key', 'not deleted and mc_key is not null')
  trigrams('phone_trgm', PHONE_DIGITS, 'not deleted')
  add('dot_prefix', 'dot_number text_pattern_ops', 'not deleted and dot_number is not null')
  add('mc_prefix', 'mc_number text_pattern_ops', 'not deleted and mc_number is not null')
  add('email_prefix', 'lower(email) text_pattern_ops', 'not deleted and email is not null')
  // The top bar's "names that start with the text", in the byte order of the C collation: a prefix is then a range
  // of the index, read in order, under any database collation (docs/decisions/039-quick-search-plans.md).
  // `name` and `assigned` included: the prefix and a rep's "theirs or unassigned" are checked in an index-only scan
  // (with `assigned` alone the planner read every row it stepped over: 10,000 rows for "eagle fre" at a million
  // contacts).
  add('name_prefix', 'division_id, (name_key collate "C"), contact_id) include (name, assigned')
  add('all_divisions_name_prefix', '(name_key collate "C"), contact_id) include (name', 'not deleted and is_primary')
  return indexes
}
