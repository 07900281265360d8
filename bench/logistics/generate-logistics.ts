import { sql, type Kysely } from 'kysely'
import { vacuumAnalyzeReadModels } from '../contact-lists/generate-contact-search'

/** Users of the logistics division (3): user 0 manages it, users 1-19 are its reps. */
export const logisticsUserId = (n: number): string => `00000000-0000-4000-8000-${String(300 + n).padStart(12, '0')}`

/**
 * Customers whose loads the bench reads: the first BIG_CUSTOMERS get a quarter of all loads (about 125 each, a
 * busy shipper), the others share the rest (a few each).
 */
export const BIG_CUSTOMERS = 2_000

/**
 * The logistics book, set-based: `customers` contacts of the logistics division in contact_search (the one list
 * read model) with their contact record (contacts_list) and standing (contact_divisions), and `loads` loads.
 * Statuses as a floor has them (40 % leads, 25 % prospects, 20 % accounts, 5 % pending, 10 % dead), 70 % assigned
 * to one of 19 reps, the toggles on for a few percent (RFP only where it is offered: prospects and later), and one
 * in fifty a dealer (category 4), which the lists leave out. Loads spread over two years of pick-ups. Then
 * vacuum analyze, as autovacuum does after a bulk load.
 */
export async function generateLogistics(
  db: Kysely<unknown>,
  customers: number,
  loads: number,
): Promise<{ big: string[]; typical: string[] }> {
  await sql`insert into users (user_id, email, name, division_id, permissions)
    select ('00000000-0000-4000-8000-' || lpad((300 + i)::text, 12, '0'))::uuid, 'logistics' || i || '@bench.example',
      'Logistics ' || i, 3, case when i = 0 then '{call,manager}'::text[] else '{call}'::text[] end
    from generate_series(0, 19) i`.execute(db)
  await sql`create table bench_customers as
    select i, gen_random_uuid() as contact_id, s.status,
      case when i % 10 < 7 then ('00000000-0000-4000-8000-' || lpad((301 + i % 19)::text, 12, '0'))::uuid end as assigned,
      s.status in (2, 3) and i % 7 = 0 as is_rfp, s.status in (2, 3, 8) and i % 5 = 0 as is_mfp,
      s.status in (2, 3, 8) and i % 11 = 0 as is_credit_app, s.status in (2, 3, 8) and i % 9 = 0 as is_online_form,
      case when i % 50 = 0 then 4 else 3 end as category,
      (array['Acme','Blue Line','Red Rock','Prairie','Summit','Eagle','Lone Star','Great Lakes','Pioneer','Coastal'])[1 + (i * 7) % 10]
        || ' ' || (array['Shipping','Freight','Logistics','Produce','Steel','Foods'])[1 + (i * 13) % 6] || ' ' || i as name,
      date '2026-01-01' - (i % 700) as flagged_on
    from generate_series(1, ${customers}::int) i
    cross join lateral (select (array[1,1,1,1,1,1,1,1,2,2,2,2,2,3,3,3,3,8,6,6])[1 + (i * 17) % 20] as status) s`.execute(
    db,
  )
  await sql`insert into contact_search (contact_id, division_id, is_primary, name, owner_name, business_phone,
      contact_category, organization_type_id, number_of_trucks, city, state, zip, status_id, assigned, assigned_at,
      status_changed_at, created_at, was_prospect, was_account, is_rfp, rfp_date, is_mfp, mfp_date, is_credit_app,
      credit_app_date, is_online_form, online_form_date, version)
    select contact_id, 3, true, name, 'Owner ' || i, '(555) ' || lpad(i::text, 7, '0'), category, 7, i % 40,
      'Dallas', 'TX', '75001', status, assigned, now() - (i % 90) * interval '1 day', now() - (i % 60) * interval '1 day',
      now() - (i % 700) * interval '1 day', status in (2, 3), status = 3,
      is_rfp, case when is_rfp then flagged_on end, is_mfp, case when is_mfp then flagged_on end,
      is_credit_app, case when is_credit_app then flagged_on end, is_online_form, case when is_online_form then flagged_on end, 1
    from bench_customers`.execute(db)
  await sql`insert into contacts_list (id, name, owner_name, business_phone, city, state, zip, contact_category,
      organization_type_id, number_of_trucks, created_at, version, is_rfp, rfp_date, is_mfp, mfp_date, is_credit_app,
      credit_app_date, is_online_form, online_form_date)
    select contact_id, name, 'Owner ' || i, '(555) ' || lpad(i::text, 7, '0'), 'Dallas', 'TX', '75001', category, 7,
      i % 40, now() - (i % 700) * interval '1 day', 1,
      is_rfp, case when is_rfp then flagged_on end, is_mfp, case when is_mfp then flagged_on end,
      is_credit_app, case when is_credit_app then flagged_on end, is_online_form, case when is_online_form then flagged_on end
    from bench_customers`.execute(db)
  await sql`insert into contact_divisions (contact_id, division_id, status_id, assigned, updated_at, version)
    select contact_id, 3, status, assigned, now(), 1 from bench_customers`.execute(db)
  const chunk = 250_000
  for (let from = 0; from < loads; from += chunk) {
    await sql`insert into logistics_loads (load_id, contact_id, origin_city, origin_state_id, origin_zip,
        destination_city, destination_state_id, destination_zip, pick_up_date, load_pay, load_type_id, product,
        equipment_id, weight, created_by, created_at, version)
      select gen_random_uuid(), c.contact_id, 'Dallas', 45, '75001', 'Chicago', 14, '60601',
        date '2026-11-01' - (n % 730), 500 + (n % 4000) + (n % 100) / 100.0, 1 + n % 5, 'Pallets', 1 + n % 6,
        10000 + n % 30000, c.assigned, now() - (n % 730) * interval '1 day', 1
      from generate_series(${from + 1}::int, ${Math.min(loads, from + chunk)}::int) n
      join bench_customers c on c.i = case when n % 4 = 0 then 1 + (n / 4) % ${BIG_CUSTOMERS}
        else ${BIG_CUSTOMERS + 1} + (n::bigint * 7919) % ${customers - BIG_CUSTOMERS} end`.execute(db)
  }
  const sample = async (big: boolean) => {
    const { rows } = await sql<{ id: string }>`select contact_id::text as id from bench_customers
      where category = 3 and (i <= ${BIG_CUSTOMERS}) = ${big} order by i limit 500`.execute(db)
    return rows.map((r) => r.id)
  }
  const customersOf = { big: await sample(true), typical: await sample(false) }
  await sql`drop table bench_customers`.execute(db)
  await vacuumAnalyzeReadModels(db, [
    'contact_search',
    'contacts_list',
    'contact_divisions',
    'logistics_loads',
    'users',
  ])
  return customersOf
}
