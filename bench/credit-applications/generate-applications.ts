import { sql, type Kysely } from 'kysely'
import { vacuumAnalyzeReadModels } from '../contact-lists/generate-contact-search'

/** The generated credit analysts: analyst n works in division [1, 4, 2, 3][n % 4]; 20 of them. */
export const analystId = (n: number) => `00000000-0000-4000-8000-${String(900_000 + n).padStart(12, '0')}`

/**
 * Fills credit_applications directly by SQL (the projector's catch-up is measured elsewhere): 60 % website,
 * 20 % CPS, 20 % CEF, statuses spread over 1-7, 70 % with an analyst of a handling division, received over the
 * last two years. Then vacuum analyze, as autovacuum does after a bulk load.
 */
export async function generateApplications(db: Kysely<unknown>, rows: number): Promise<void> {
  const analysts = Array.from({ length: 20 }, (_, i) => i)
  await sql`insert into users (user_id, email, name, division_id, permissions)
    select (${'00000000-0000-4000-8000-'} || lpad((900000 + i)::text, 12, '0'))::uuid, 'analyst' || i || '@bench.example',
      'Analyst ' || i, (array[1, 4, 2, 3])[1 + i % 4], '{call,credit-analyst}'
    from unnest(${analysts}::int[]) i`.execute(db)
  const chunk = 100_000
  for (let from = 0; from < rows; from += chunk) {
    await sql`
      insert into credit_applications (application_id, source, divisions, status_id, fields, masked, lists, finished,
        analyst_id, applicant_name, business_name, dot_number, mc_number, amount, application_date, received_at,
        version, updated_at)
      select gen_random_uuid(), s.source, s.divisions, 1 + (i / 10) % 7,
        jsonb_build_object('businessName', b.name, 'applicantFirstName', 'Ana', 'applicantLastName', 'Diaz ' || i),
        '{"applicantSsn": "6789"}'::jsonb, '{"loans": [], "owners": [], "residences": [], "references": []}'::jsonb,
        i % 3 = 0,
        case when (i / 7) % 10 < 7 then
          (${'00000000-0000-4000-8000-'} || lpad((900000 + s.first_analyst + 4 * ((i / 10) % 5))::text, 12, '0'))::uuid
        end,
        'Ana Diaz ' || i, b.name, (2000000 + i)::text, case when i % 2 = 0 then (500000 + i)::text end,
        10000 + (i * 37) % 400000, (now() - (i % 730) * interval '1 day')::date,
        now() - (i % 730) * interval '1 day' - (i % 1440) * interval '1 minute', 1, now()
      from generate_series(${from + 1}::int, ${Math.min(rows, from + chunk)}::int) i
      cross join lateral (select case when i % 10 < 6 then 'website' when i % 10 < 8 then 'cps' else 'cef' end as source) src
      cross join lateral (select src.source,
        case src.source when 'website' then '[1, 4]' when 'cps' then '[2]' else '[3]' end::jsonb as divisions,
        case src.source when 'website' then i % 2 when 'cps' then 2 else 3 end as first_analyst) s
      cross join lateral (select (array['Lone Star','Great Lakes','Prairie','Summit','Eagle','Coastal'])[1 + (i * 7) % 6]
        || ' ' || (array['Haulers','Freight','Carriers','Transport'])[1 + (i * 13) % 4] || ' ' || i as name) b
    `.execute(db)
  }
  await vacuumAnalyzeReadModels(db, ['credit_applications', 'users'])
}
