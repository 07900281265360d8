import { EXECUTIVE_DIVISION_ID, type ReportContactRow } from '@crm/contracts'
import type { FastifyRequest } from 'fastify'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { viewerOf } from '../viewer'
import { contactOwnerSql } from '../visibility/visibility-sql'
import { pageTotal } from './page-total'
import { reportDivision, reportUserOf } from './report-scope'

/** Which contact_search rows (alias `s`) a report over contacts counts, and in which division. */
export interface ContactScope {
  divisionId: number
  where: RawBuilder<unknown>
}

/**
 * The contacts of one division the viewer may see (the visibility policy: reps theirs and unassigned ones,
 * managers and executives the whole division), of one assigned user when asked. Executives pick the division;
 * everyone else reads the one they work in. Naming a user one may not read answers 404 like a missing one.
 * The Executive division works no contacts of its own and is not offered in these reports: an executive whose
 * switcher is on it, asking for none, reads the first other division (the lowest id, as the web's select shows).
 */
export async function contactScopeOf(
  db: Kysely<unknown>,
  request: FastifyRequest,
  query: { divisionId?: number; userId?: string },
): Promise<ContactScope> {
  const viewer = viewerOf(request)
  const divisionId = reportDivision(request, query.divisionId) ?? (await defaultDivision(db, viewer.divisionId))
  if (query.userId) await reportUserOf(db, request, query.userId)
  const conditions = [sql`not s.deleted`, sql`s.division_id = ${divisionId}`]
  const own = contactOwnerSql(viewer, sql`s.assigned`)
  if (own) conditions.push(own)
  if (query.userId) conditions.push(sql`s.assigned = ${query.userId}::uuid`)
  return { divisionId, where: sql.join(conditions, sql` and `) }
}

async function defaultDivision(db: Kysely<unknown>, current: number): Promise<number> {
  if (current !== EXECUTIVE_DIVISION_ID) return current
  const { rows } = await sql<{ id: number | null }>`
    select min(division_id)::int as id from divisions where division_id <> ${EXECUTIVE_DIVISION_ID}`.execute(db)
  return rows[0]?.id ?? current
}

/** A page of the scope's contacts matching `where`, by name, with the total. */
export async function reportContactsPage(
  db: Kysely<unknown>,
  scope: ContactScope,
  where: RawBuilder<unknown>,
  page: { limit: number; first: number },
): Promise<{ rows: ReportContactRow[]; total: number }> {
  const { rows } = await sql<Record<string, unknown>>`
    select s.contact_id::text, s.name, s.city, s.state, s.status_id, s.number_of_trucks, s.business_phone,
      coalesce(u.name, u.email) as assigned_name, count(*) over ()::int as total
    from contact_search s left join users u on u.user_id = s.assigned
    where ${scope.where} and ${where}
    order by s.name_key, s.contact_id
    limit ${page.limit} offset ${page.first}`.execute(db)
  const total = await pageTotal(rows, page.first, async () => {
    const counted = await sql<{ n: number }>`
      select count(*)::int as n from contact_search s where ${scope.where} and ${where}`.execute(db)
    return counted.rows[0]?.n ?? 0
  })
  return {
    total,
    rows: rows.map((r) => ({
      contactId: r.contact_id as string,
      name: (r.name as string | null) ?? '',
      city: (r.city as string | null) ?? null,
      state: (r.state as string | null) ?? null,
      statusId: r.status_id as number,
      numberOfTrucks: (r.number_of_trucks as number | null) ?? null,
      assignedName: (r.assigned_name as string | null) ?? null,
      businessPhone: (r.business_phone as string | null) ?? null,
    })),
  }
}
