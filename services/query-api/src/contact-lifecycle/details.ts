import { ActivityType } from '@crm/contracts'
import type { ActivityRow, AdditionalContactRow, Paged, PersonalNoteRow, RedFlagRow } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { activityRowColumns, toActivityRow } from '../activities/activity-rows'
import { visibleContactSql } from '../visibility/visibility-sql'
import { isoOrNull } from '../read-models'
import type { Viewer } from '../viewer'

/** Open flags first, then newest; `limit` 5 on the contact page, more on "all". */
export async function listRedFlags(db: Kysely<unknown>, contactId: string, limit: number): Promise<RedFlagRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select f.id, f.contact_id::text, f.division_id, f.note, f.status, f.raised_by::text, u.name as raised_by_name,
      f.raised_at, f.resolved_at, f.resolution
    from red_flags f left join users u on u.user_id = f.raised_by
    where f.contact_id = ${contactId}::uuid order by f.status, f.raised_at desc limit ${limit}`.execute(db)
  return rows.map((r) => ({
    id: r.id as string,
    contactId: r.contact_id as string,
    divisionId: (r.division_id as number | null) ?? null,
    note: r.note as string,
    status: r.status as number,
    raisedBy: (r.raised_by as string | null) ?? null,
    raisedByName: (r.raised_by_name as string | null) ?? null,
    raisedAt: isoOrNull(r.raised_at as string) ?? '',
    resolvedAt: isoOrNull(r.resolved_at as string | null),
    resolution: (r.resolution as string | null) ?? null,
  }))
}

export async function listAdditionalContacts(db: Kysely<unknown>, contactId: string): Promise<AdditionalContactRow[]> {
  const { rows } = await sql<Record<string, string | null>>`
    select id, contact_id::text, contact_person, email, business_phone, mobile_phone from additional_contacts
    where contact_id = ${contactId}::uuid and not deleted order by contact_person`.execute(db)
  return rows.map((r) => ({
    id: r.id!,
    contactId: r.contact_id!,
    contactPerson: r.contact_person!,
    email: r.email ?? null,
    businessPhone: r.business_phone ?? null,
    mobilePhone: r.mobile_phone ?? null,
  }))
}

/**
 * A page of the additional contacts of the contacts the viewer sees (the visibility policy as SQL), by name; one
 * of a contact the viewer may not see is never listed.
 */
export async function pageAdditionalContacts(
  db: Kysely<unknown>,
  viewer: Viewer,
  { contactId, first, limit }: { contactId?: string | undefined; first: number; limit: number },
): Promise<Paged<AdditionalContactRow>> {
  const where = sql`from additional_contacts a where not a.deleted and ${visibleContactSql(viewer, sql`a.contact_id`)}
    ${contactId ? sql`and a.contact_id = ${contactId}::uuid` : sql``}`
  const { rows: counted } = await sql<{ n: string }>`select count(*) as n ${where}`.execute(db)
  const { rows } = await sql<Record<string, string | null>>`
    select a.id, a.contact_id::text, a.contact_person, a.email, a.business_phone, a.mobile_phone ${where}
    order by lower(a.contact_person), a.id limit ${limit} offset ${first}`.execute(db)
  return {
    rows: rows.map((r) => ({
      id: r.id!,
      contactId: r.contact_id!,
      contactPerson: r.contact_person!,
      email: r.email ?? null,
      businessPhone: r.business_phone ?? null,
      mobilePhone: r.mobile_phone ?? null,
    })),
    total: Number(counted[0]?.n ?? 0),
    totalIsCapped: false,
  }
}

/** Personal notes are private: only the caller's own. */
export async function listPersonalNotes(
  db: Kysely<unknown>,
  contactId: string,
  ownerId: string,
): Promise<PersonalNoteRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select id, contact_id::text, additional_contact_id, note, created_at, updated_at from personal_notes
    where contact_id = ${contactId}::uuid and owner_id = ${ownerId}::uuid and not deleted
    order by created_at desc`.execute(db)
  return rows.map((r) => ({
    id: r.id as string,
    contactId: r.contact_id as string,
    additionaContactId: (r.additional_contact_id as string | null) ?? null,
    note: r.note as string,
    createdAt: isoOrNull(r.created_at as string) ?? '',
    updatedAt: isoOrNull(r.updated_at as string) ?? '',
  }))
}

export async function listActivities(db: Kysely<unknown>, contactIds: string[], limit: number): Promise<ActivityRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select ${sql.raw(activityRowColumns)}
    from activities a left join users u on u.user_id = a.user_id
    where a.contact_id::text = any(${contactIds}::text[]) and a.active
    order by a.occurred_at desc limit ${limit}`.execute(db)
  return rows.map(toActivityRow)
}

/**
 * Active activities and outgoing calls of a contact in a division (convert and give-up rules, shown to the
 * user): an inactive activity no longer counts, as on the contact stream the rules are decided on.
 */
export async function activityCounts(db: Kysely<unknown>, contactIds: string[], divisionId: number) {
  const { rows } = await sql<{ activities: string; calls: string }>`
    select count(*)::text as activities, count(*) filter (where activity_type = ${sql.lit(ActivityType.OutgoingCall)})::text as calls
    from activities where contact_id::text = any(${contactIds}::text[]) and division_id = ${divisionId} and active
    `.execute(db)
  return { activities: Number(rows[0]?.activities ?? 0), calls: Number(rows[0]?.calls ?? 0) }
}
