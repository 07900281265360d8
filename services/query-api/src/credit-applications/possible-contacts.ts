import type { CreditApplicationDetail, PossibleContact } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { visibleContactSql } from '../visibility/visibility-sql'
import type { Viewer } from '../viewer'

const MAX_MATCHES = 20
const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '')

/**
 * Contacts that may be the applicant's business (docs/product.md 7 possible-contacts): the same DOT or MC
 * number, business name, phone, email or owner name, among the contacts the viewer may see; each says what matched.
 */
export async function possibleContacts(
  db: Kysely<unknown>,
  viewer: Viewer,
  application: CreditApplicationDetail,
): Promise<PossibleContact[]> {
  const f = application.fields
  const owner = [f.applicantFirstName, f.applicantLastName].filter(Boolean).join(' ').trim()
  const phones = [f.businessPhone, f.applicantPhone].map(digits).filter((p) => p.length >= 7)
  const emails = [f.businessEmail, f.applicantEmail].filter((e): e is string => Boolean(e)).map((e) => e.toLowerCase())
  const checks: [string, RawBuilder<unknown>][] = []
  if (f.businessDotNumber) checks.push(['DOT', sql`c.dot_number = ${f.businessDotNumber.trim()}`])
  if (f.businessMcNumber) checks.push(['MC', sql`c.mc_number = ${f.businessMcNumber.trim()}`])
  if (f.businessName?.trim())
    checks.push(['Business name', sql`lower(c.name) = ${f.businessName.trim().toLowerCase()}`])
  for (const phone of phones) {
    checks.push(['Phone', sql`regexp_replace(coalesce(c.business_phone, ''), '\\D', '', 'g') = ${phone}`])
  }
  for (const email of emails) checks.push(['Email', sql`lower(c.email) = ${email}`])
  if (owner) checks.push(['Owner name', sql`lower(c.owner_name) = ${owner.toLowerCase()}`])
  if (checks.length === 0) return []

  const matched = sql.join(
    checks.map(([label, check]) => sql`case when ${check} then ${label}::text end`),
    sql`, `,
  )
  const { rows } = await sql<Record<string, unknown>>`
    select c.id, c.name, c.owner_name, c.dot_number, c.mc_number, c.business_phone, c.email, c.state,
      coalesce(c.is_credit_app, false) as is_credit_app,
      array_remove(array[${matched}], null) as matched_on
    from contacts_list c
    where not c.deleted and (${sql.join(
      checks.map(([, check]) => check),
      sql` or `,
    )}) and ${visibleContactSql(viewer, sql`c.id`)}
    order by cardinality(array_remove(array[${matched}], null)) desc, lower(c.name), c.id
    limit ${MAX_MATCHES}`.execute(db)
  return rows.map((r) => ({
    id: r.id as string,
    name: (r.name as string | null) ?? null,
    ownerName: (r.owner_name as string | null) ?? null,
    dotNumber: (r.dot_number as string | null) ?? null,
    mcNumber: (r.mc_number as string | null) ?? null,
    businessPhone: (r.business_phone as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    state: (r.state as string | null) ?? null,
    isCreditApp: Boolean(r.is_credit_app),
    matchedOn: (r.matched_on as string[] | null) ?? [],
  }))
}
