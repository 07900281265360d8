import {
  creditApplicationStatuses,
  divisionsOfSource,
  hasPermission,
  type CreditAnalyst,
  maskLast4,
  sensitiveFieldKeys,
  type CreditApplicationDetail,
  type CreditApplicationListQuery,
  type CreditApplicationRow,
  type CreditApplicationSource,
  type Paged,
  readModelNames,
} from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { likeContainsAnyCase, pageTotal } from '../common/list-sql'
import { isoOrNull } from '../read-models'
import type { Viewer } from '../viewer'
import { creditApplicationSql } from '../visibility/visibility-sql'

/** Read models an application answer is built from. */
export const creditApplicationProjections = [
  readModelNames.creditApplications,
  readModelNames.users,
  readModelNames.contactsList,
]

/**
 * The applications (alias `a`) the viewer sees (canSeeCreditApplication, creditApplicationSql): every application
 * across divisions; a credit analyst those of the sources their division handles; anyone else none.
 */
export const visibleApplicationSql = (viewer: Viewer): RawBuilder<unknown> =>
  creditApplicationSql(viewer, sql`a.divisions`)

const sortColumns: Record<CreditApplicationListQuery['sort']['field'], RawBuilder<unknown>> = {
  applicationDate: sql`a.application_date`,
  statusId: sql`a.status_id`,
  applicantName: sql`lower(a.applicant_name)`,
  businessName: sql`lower(a.business_name)`,
  amount: sql`a.amount`,
  receivedAt: sql`a.received_at`,
  analystName: sql`lower(u.name)`,
}

function toRow(r: Record<string, unknown>): CreditApplicationRow {
  const masked = (r.masked ?? {}) as Record<string, string | null>
  return {
    id: r.application_id as string,
    source: r.source as CreditApplicationSource,
    statusId: Number(r.status_id),
    status: creditApplicationStatuses[Number(r.status_id) as 1] ?? '',
    applicantName: (r.applicant_name as string | null) ?? null,
    businessName: (r.business_name as string | null) ?? null,
    amount: r.amount === null || r.amount === undefined ? null : Number(r.amount),
    applicationDate: (r.application_day as string | null) ?? null,
    analystId: (r.analyst_id as string | null) ?? null,
    analystName: (r.analyst_name as string | null) ?? null,
    applicantSsn: maskLast4('applicantSsn', masked.applicantSsn),
    finished: Boolean(r.finished),
    contactId: (r.contact_id as string | null) ?? null,
    contactName: (r.contact_name as string | null) ?? null,
    receivedAt: isoOrNull(r.received_at as string) ?? '',
  }
}

const selectFrom = sql`
  select a.*, to_char(a.application_date, 'YYYY-MM-DD') as application_day, u.name as analyst_name, c.name as contact_name,
    to_char(c.credit_app_date, 'YYYY-MM-DD') as contact_credit_app_date
  from credit_applications a
  left join users u on u.user_id = a.analyst_id
  left join contacts_list c on c.id = a.contact_id`

/** One page of a source's applications the viewer may see, filtered by status and a search text. */
export async function listApplications(
  db: Kysely<unknown>,
  viewer: Viewer,
  source: CreditApplicationSource,
  options: CreditApplicationListQuery,
): Promise<Paged<CreditApplicationRow>> {
  const { statusId, analystId, search } = options.filter
  const conditions = [sql`a.source = ${source}`, visibleApplicationSql(viewer)]
  if (statusId !== undefined) conditions.push(sql`a.status_id = ${statusId}`)
  if (analystId === 'none') conditions.push(sql`a.analyst_id is null`)
  else if (analystId !== undefined) conditions.push(sql`a.analyst_id = ${analystId}::uuid`)
  const text = search ?? options.tableFilter.global
  if (text && text.trim()) {
    // The expression of the read model's trigram index (credit-applications.projection.ts), so the index serves it.
    conditions.push(sql`lower(coalesce(a.applicant_name, '') || ' ' || coalesce(a.business_name, '') || ' ' ||
      coalesce(a.dot_number, '') || ' ' || coalesce(a.mc_number, '')) like ${likeContainsAnyCase(text.trim())}`)
  }
  const where = sql.join(conditions, sql` and `)
  // received_at is never null: its plain order is the index's (source, received_at desc, application_id).
  const nullsLast = options.sort.field === 'receivedAt' ? sql`` : sql`nulls last`
  const direction = options.sort.direction === 'asc' ? sql`asc ${nullsLast}` : sql`desc ${nullsLast}`
  const { limit, first } = options.pagination
  // Counted only up to 200 rows past the page, else estimated, as every list (docs/decisions/013).
  const [rows, total] = await Promise.all([
    options.sort.field === 'analystName' && !text?.trim()
      ? pageByAnalyst(db, source, where, options)
      : sql<Record<string, unknown>>`${selectFrom} where ${where}
          order by ${sortColumns[options.sort.field]} ${direction}, a.application_id
          limit ${limit} offset ${first}`
          .execute(db)
          .then((result) => result.rows),
    pageTotal(db, sql`from credit_applications a where ${where}`, options.pagination),
  ])
  return { rows: rows.map(toRow), ...total }
}

/**
 * A page sorted by analyst name, then newest first; applications without an analyst last either way. Sorting the
 * join of every application to its analyst's name sorted the whole source (187 ms at 300,000 applications). The
 * analysts who hold any are few: they are found by stepping through the (source, analyst_id, …) index, one probe
 * each; each one's first rows come from that index in its own order, and only those are sorted by name. With a
 * search text the matches are few and the plain sort serves better.
 */
async function pageByAnalyst(
  db: Kysely<unknown>,
  source: CreditApplicationSource,
  where: RawBuilder<unknown>,
  options: CreditApplicationListQuery,
): Promise<Record<string, unknown>[]> {
  const { limit, first } = options.pagination
  const direction = options.sort.direction === 'asc' ? sql`asc` : sql`desc`
  const enough = first + limit
  const { rows: keys } = await sql<{ application_id: string }>`
    with recursive holders(id) as (
      (select a.analyst_id from credit_applications a
        where a.source = ${source} and a.analyst_id is not null order by a.analyst_id limit 1)
      union all
      select (select a.analyst_id from credit_applications a
          where a.source = ${source} and a.analyst_id > h.id order by a.analyst_id limit 1)
        from holders h where h.id is not null
    ), firsts as (
      select lower(u.name) as sort_name, h.id as holder, x.application_id, x.received_at
      from holders h left join users u on u.user_id = h.id
      cross join lateral (select a.application_id, a.received_at from credit_applications a
        where a.analyst_id = h.id and ${where} order by a.received_at desc, a.application_id limit ${enough}) x
      where h.id is not null
      union all
      (select null, null, a.application_id, a.received_at from credit_applications a
        where a.analyst_id is null and ${where} order by a.received_at desc, a.application_id limit ${enough})
    )
    select application_id from firsts
    order by sort_name ${direction} nulls last, holder ${direction}, received_at desc, application_id
    limit ${limit} offset ${first}`.execute(db)
  if (keys.length === 0) return []
  const ids = keys.map((k) => k.application_id)
  const { rows } = await sql<Record<string, unknown>>`${selectFrom}
    where a.application_id = any(${ids}::uuid[])`.execute(db)
  const byId = new Map(rows.map((r) => [r.application_id as string, r]))
  return ids.map((id) => byId.get(id)).filter((row): row is Record<string, unknown> => row !== undefined)
}

/** One application the viewer may see, through its own source's path; undefined otherwise (answered 404). */
export async function findApplication(
  db: Kysely<unknown>,
  viewer: Viewer,
  source: CreditApplicationSource,
  id: string,
): Promise<CreditApplicationDetail | undefined> {
  const { rows } = await sql<Record<string, unknown>>`${selectFrom}
    where a.application_id = ${id}::uuid and a.source = ${source} and ${visibleApplicationSql(viewer)}`.execute(db)
  const r = rows[0]
  if (!r) return undefined
  const masked = (r.masked ?? {}) as Record<string, string | null>
  const lists = r.lists as CreditApplicationDetail['loans'] & Record<string, unknown>
  const {
    loans = [],
    owners = [],
    residences = [],
    references = [],
  } = lists as unknown as Partial<Pick<CreditApplicationDetail, 'loans' | 'owners' | 'residences' | 'references'>>
  return {
    ...toRow(r),
    fields: (r.fields ?? {}) as CreditApplicationDetail['fields'],
    masked: Object.fromEntries(
      sensitiveFieldKeys.map((k) => [k, maskLast4(k, masked[k])]),
    ) as CreditApplicationDetail['masked'],
    loans,
    owners,
    residences,
    references,
    completedAt: isoOrNull((r.completed_at as string | null) ?? null),
    contactCreditAppDate: (r.contact_credit_app_date as string | null) ?? null,
    statusChangedAt: isoOrNull((r.status_changed_at as string | null) ?? null),
  }
}

/** The users who may be assigned as analysts of a source's applications: active credit analysts of its divisions. */
export async function listCreditAnalysts(
  db: Kysely<unknown>,
  viewer: Viewer,
  source: CreditApplicationSource,
): Promise<CreditAnalyst[]> {
  if (!viewer.seesAllDivisions && !hasPermission(viewer, 'credit-analyst')) return []
  const divisions = viewer.seesAllDivisions
    ? [...divisionsOfSource[source]]
    : divisionsOfSource[source].filter((d) => d === viewer.divisionId)
  if (divisions.length === 0) return []
  const { rows } = await sql<{ user_id: string; name: string | null; email: string; division_id: number }>`
    select user_id, name, email, division_id from users
    where not disabled and 'credit-analyst' = any(permissions)
      and division_id in (${sql.join(divisions)})
    order by lower(coalesce(name, email))`.execute(db)
  return rows.map((r) => ({ userId: r.user_id, name: r.name ?? r.email, divisionId: r.division_id }))
}
