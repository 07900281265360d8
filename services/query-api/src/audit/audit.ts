import { AUDIT_COUNT_CAP, hasPermission, type AuditPage, type AuditQuery, type AuditRow } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { isoOrNull } from '../read-models'
import { divisionSql, selfOrTeam } from '../visibility/visibility-sql'
import type { Viewer } from '../viewer'
import { visibleRecordSql } from './record-visibility'

/** Personal notes are private to their author, in the audit as in the contact's history. */
const privateEventTypes = ['PersonalNoteAdded', 'PersonalNoteUpdated', 'PersonalNoteRemoved']

/**
 * Which changes a viewer audits beyond one contact: analysts, executives and administrators every change;
 * a manager those made in their division or by themselves and their team. Undefined: the viewer audits none.
 */
export function auditScope(viewer: Viewer): RawBuilder<unknown> | undefined {
  if (viewer.seesAllDivisions || hasPermission(viewer, 'analyst')) return sql`true`
  if (!viewer.seesWholeDivision) return undefined
  return sql`(${divisionSql(viewer, sql`h.division_id`)} or ${selfOrTeam(viewer.userId, sql`h.user_id`)})`
}

/** The first instant of a day on the viewer's calendar, as an ISO instant. */
const dayStart = (day: string, utcOffset: number, plusDays = 0) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + plusDays * 86_400_000 - utcOffset * 60_000).toISOString()

/**
 * The condition on stream_history `h` of the changes the filters select. `contactIds`: one contact's story (with
 * the contacts combined into it): every event that names it, whatever its stream. `scope`: what else the viewer may
 * audit. Either way, only changes of records the viewer may see.
 */
export async function auditWhere(
  db: Kysely<unknown>,
  viewer: Viewer,
  query: AuditQuery,
  contactIds: string[] | null,
  scope: RawBuilder<unknown>,
): Promise<RawBuilder<unknown>> {
  const types = query.types ? query.types.split(',').filter(Boolean) : null
  const conditions: RawBuilder<unknown>[] = [
    scope,
    sql`(h.event_type <> all(${privateEventTypes}::text[]) or h.user_id = ${viewer.userId}::uuid)`,
  ]
  // Whoever may not see a record sees none of its changes, in a contact's story too (record-visibility.ts).
  const records = await visibleRecordSql(db, viewer, sql`h.stream_id`)
  if (records) conditions.push(records)
  if (contactIds) conditions.push(sql`h.contact_id = any(${contactIds}::uuid[])`)
  // What the user did and what was done by whoever signed in as them: each side has its index (stream-history).
  if (query.userId) conditions.push(sql`(h.user_id = ${query.userId}::uuid or h.signed_in_by = ${query.userId}::uuid)`)
  if (query.divisionId) conditions.push(sql`h.division_id = ${query.divisionId}::int`)
  if (types) conditions.push(sql`h.event_type = any(${types}::text[])`)
  if (query.dateFrom) conditions.push(sql`h.occurred_at >= ${dayStart(query.dateFrom, query.utcOffset)}::timestamptz`)
  if (query.dateTo) conditions.push(sql`h.occurred_at < ${dayStart(query.dateTo, query.utcOffset, 1)}::timestamptz`)
  return sql.join(conditions, sql` and `)
}

/** Every change `auditWhere` selects, newest first (stream_history: one row per event of every stream). */
export async function listAudit(
  db: Kysely<unknown>,
  viewer: Viewer,
  query: AuditQuery,
  contactIds: string[] | null,
  scope: RawBuilder<unknown>,
): Promise<AuditPage> {
  const where = await auditWhere(db, viewer, query, contactIds, scope)
  const { rows } = await sql<{
    position: string
    stream_id: string
    event_type: string
    summary: string
    user_id: string | null
    user_name: string | null
    signed_in_by: string | null
    signed_in_by_name: string | null
    client_address: string | null
    division_id: number | null
    occurred_at: Date | string
    contact_id: string | null
    contact_name: string | null
  }>`
    select h.position, h.stream_id, h.event_type, h.summary, h.user_id::text, u.name as user_name,
      h.signed_in_by::text, s.name as signed_in_by_name, h.client_address, h.division_id, h.occurred_at,
      h.contact_id::text, c.name as contact_name
    from stream_history h
    left join users u on u.user_id = h.user_id
    left join users s on s.user_id = h.signed_in_by
    left join contacts_list c on c.id = h.contact_id
    where ${where}
    order by h.occurred_at desc, h.position desc
    limit ${query.limit} offset ${query.first}`.execute(db)
  const { rows: counted } = await sql<{ n: number }>`
    select count(*)::int as n from (
      select 1 from stream_history h where ${where} limit ${AUDIT_COUNT_CAP + 1}
    ) capped`.execute(db)
  const total = counted[0]?.n ?? 0
  return {
    total: Math.min(total, AUDIT_COUNT_CAP),
    capped: total > AUDIT_COUNT_CAP,
    rows: rows.map((r): AuditRow => ({
      position: r.position,
      occurredAt: isoOrNull(r.occurred_at) ?? '',
      type: r.event_type,
      summary: r.summary,
      userId: r.user_id,
      userName: r.user_name,
      signedInById: r.signed_in_by,
      signedInByName: r.signed_in_by_name,
      clientAddress: r.client_address,
      divisionId: r.division_id,
      contactId: r.contact_id,
      contactName: r.contact_name,
      streamId: r.stream_id,
    })),
  }
}

export const auditExportColumns = [
  'Date (UTC)',
  'User',
  'Signed in by',
  'From',
  'Contact',
  'Division',
  'Change',
  'Event',
  'Record',
] as const

export function auditExportRow(r: AuditRow, divisionName: (id: number) => string): (string | number)[] {
  return [
    r.occurredAt.replace('T', ' ').slice(0, 19),
    r.userName ?? 'System',
    r.signedInByName ?? '',
    r.clientAddress ?? '',
    r.contactName ?? '',
    r.divisionId === null ? '' : divisionName(r.divisionId),
    r.summary,
    r.type,
    r.streamId,
  ]
}
