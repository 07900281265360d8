import { sql, type Kysely } from 'kysely'
import { codes } from 'zipcodes'

/**
 * Builds contact_search directly (not through events: a million ContactCreated events plus the projector's
 * catch-up are measured by the projector benchmark already). The spread follows a sales floor: 12 divisions
 * (15, the default, the biggest), 200 users, 60% of rows assigned, statuses mostly leads, fleets mostly small
 * (a long tail up to 500 trucks), real US zip codes with their coordinates, weighted toward trucking states,
 * business phones spread over 780 area codes and 800 exchanges (as a census's are: until 2026-12-08 every phone
 * was "(555) 0…", so any run of phone digits starting 5550 matched a tenth of the table),
 * half of them imported over the last 700 days (so New Leads has this week's). Then vacuum analyze, as autovacuum
 * does after a bulk load: statistics, and the visibility map that index-only scans read.
 */
export async function generateContactSearch(db: Kysely<unknown>, rows: number): Promise<void> {
  const zips = Object.values(codes).filter((z) => z.country === 'US' && /^\d{5}$/.test(z.zip))
  // Every 7th zip: ~6,000 real zips across all states, in proportion to how many zips a state has.
  const sample = zips.filter((_, i) => i % 7 === 0)
  await sql`create table bench_zips as select * from json_to_recordset(${JSON.stringify(sample)}::json)
    as r(zip text, latitude float8, longitude float8, state text, city text)`.execute(db)
  await sql`alter table bench_zips add column n serial`.execute(db)
  const users = Array.from({ length: 200 }, (_, i) => i)
  await sql`insert into users (user_id, email, name, division_id, permissions)
    select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'user' || i || '@bench.example', 'User ' || i,
      (array[15,15,15,2,3,4,5,6,7,8,9,10])[1 + i % 12], '{call}'
    from unnest(${users}::int[]) i`.execute(db)
  const chunk = 100_000
  for (let from = 0; from < rows; from += chunk) {
    await sql`
      insert into contact_search (contact_id, division_id, is_primary, name, dba, owner_name, email, business_phone,
        mc_number, dot_number, contact_category, organization_type_id, company_type_id, nationality_id, is_ex_yu,
        number_of_trucks, estimated_revenue, created_at, import_date, source_id, street1, city, state, zip, latitude,
        longitude, status_id, assigned, assigned_at, status_changed_at, effort_level, grade, was_prospect, was_account,
        last_contact_date, opened_flags, current_balance, days_late, version)
      select gen_random_uuid(), d.division, true,
        (array['Acme','Blue Line','Red Rock','Prairie','Summit','Eagle','Lone Star','Great Lakes','Pioneer','Coastal'])[1 + (i * 7) % 10]
          || ' ' || (array['Trucking','Freight','Logistics','Transport','Haulers','Carriers'])[1 + (i * 13) % 6] || ' ' || i,
        case when i % 3 = 0 then 'DBA ' || i end, 'Owner ' || i, case when i % 4 <> 0 then 'c' || i || '@example.com' end,
        '(' || p.area || ') ' || p.exchange || '-' || lpad(p.line::text, 4, '0'), case when i % 2 = 0 then (100000 + i)::text end, (1000000 + i)::text,
        1, (array[7,7,7,5,5,3,6,4])[1 + i % 8], 1 + i % 4, case when i % 9 = 0 then 1 + i % 12 end, i % 9 = 0 and i % 12 < 6,
        t.trucks, t.trucks * 200000, timestamp '2018-01-01' + (i % 2500) * interval '1 day',
        case when i % 2 = 1 then now() - (i % 700) * interval '1 day' end, 1 + i % 6,
        i || ' Main St', z.city, z.state, z.zip, z.latitude, z.longitude, s.status,
        case when i % 5 < 3 then ('00000000-0000-4000-8000-' || lpad((i % 200)::text, 12, '0'))::uuid end,
        now() - (i % 90) * interval '1 day', now() - (i % 60) * interval '1 day',
        case when s.status >= 2 then 122 + i % 3 end, case when s.status >= 2 then 108 + i % 3 end,
        s.status in (2, 3), s.status = 3, now() - (i % 400) * interval '1 day', case when i % 50 = 0 then 1 else 0 end,
        case when s.status = 3 and i % 4 = 0 then (i % 90000)::numeric end, case when s.status = 3 and i % 4 = 0 then i % 45 end, 1
      from generate_series(${from + 1}::int, ${Math.min(rows, from + chunk)}::int) i
      cross join lateral (select (array[15,15,15,15,2,3,4,5,6,7,8,9,10])[1 + (i * 11) % 13] as division) d
      cross join lateral (select (array[1,1,1,1,1,1,1,1,1,1,1,2,2,2,3,3,4,5,6,7,8])[1 + (i * 17) % 21] as status) s
      cross join lateral (select 1 + floor(power(((i * 31) % 1000) / 1000.0, 4) * 500)::int as trucks) t
      cross join lateral (select (i::bigint * 2654435761) % 4294967296 as h) r
      cross join lateral (select 201 + r.h % 780 as area, 200 + (r.h / 780) % 800 as exchange,
        (i::bigint * 7907 + 13) % 10000 as line) p
      join bench_zips z on z.n = 1 + (i * 37) % ${sample.length}`.execute(db)
  }
  await vacuumAnalyzeReadModels(db, ['contact_search', 'contact_search_words', 'contact_search_vocabulary', 'users'])
}

/** Vacuum analyze the versioned tables behind read-model views, as autovacuum does after a bulk load. */
export async function vacuumAnalyzeReadModels(db: Kysely<unknown>, views: string[]): Promise<void> {
  for (const table of views) {
    const { rows: versioned } = await sql<{ name: string }>`select c.relname as name from pg_rewrite r
      join pg_depend d on d.objid = r.oid join pg_class c on c.oid = d.refobjid and c.relkind = 'r'
      join pg_class v on v.oid = r.ev_class
      where v.relname = ${table} and v.relnamespace = current_schema()::regnamespace`.execute(db)
    for (const { name } of versioned) await sql`vacuum analyze ${sql.table(name)}`.execute(db)
  }
}
