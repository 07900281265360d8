import { contactStatusNames, type StatusChangeRow, type StatusChangesQuery } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { isoOrNull } from '../read-models'
import type { Viewer } from '../viewer'
import { divisionSql } from '../visibility/visibility-sql'

/**
 * Status changes, newest first: one contact's (with the contacts combined into it) or, for the managers'
 * audit screen, across contacts filtered by user, division, transition and date range. Non-executives see
 * their own division's only (divisionSql).
 */
export async function listStatusChanges(
  db: Kysely<unknown>,
  viewer: Viewer,
  query: StatusChangesQuery,
  contactIds: string[] | null,
): Promise<{ rows: StatusChangeRow[]; total: number }> {
  // The division asked for narrows an executive's list; everyone else's is their own division's already.
  const asked = viewer.seesAllDivisions ? (query.divisionId ?? null) : null
  const where = sql`
    ${divisionSql(viewer, sql`h.division_id`)}
    and (${contactIds}::text[] is null or h.contact_id::text = any(${contactIds}::text[]))
    and (${query.userId ?? null}::uuid is null or h.user_id = ${query.userId ?? null}::uuid)
    and (${asked}::int is null or h.division_id = ${asked}::int)
    and (${query.fromStatusId ?? null}::int is null or h.from_status_id = ${query.fromStatusId ?? null}::int)
    and (${query.toStatusId ?? null}::int is null or h.to_status_id = ${query.toStatusId ?? null}::int)
    and (${query.dateFrom ?? null}::date is null or h.occurred_at >= ${query.dateFrom ?? null}::date)
    and (${query.dateTo ?? null}::date is null or h.occurred_at < ${query.dateTo ?? null}::date + 1)`
  const { rows } = await sql<Record<string, unknown>>`
    select h.contact_id::text, c.name as contact_name, h.division_id, h.from_status_id, h.to_status_id, h.event_type,
      h.reason, h.user_id::text, u.name as user_name, h.occurred_at, h.position
    from status_history h
    left join contacts_list c on c.id = h.contact_id
    left join users u on u.user_id = h.user_id
    where ${where}
    order by h.occurred_at desc, h.position desc
    limit ${query.limit} offset ${query.first}`.execute(db)
  const count = await sql<{ n: string }>`select count(*)::text as n from status_history h where ${where}`.execute(db)
  return {
    total: Number(count.rows[0]?.n ?? 0),
    rows: rows.map((r) => ({
      contactId: r.contact_id as string,
      contactName: (r.contact_name as string | null) ?? null,
      divisionId: r.division_id as number,
      fromStatusId: (r.from_status_id as number | null) ?? null,
      toStatusId: r.to_status_id as number,
      eventType: r.event_type as string,
      reason: (r.reason as string | null) ?? null,
      userId: (r.user_id as string | null) ?? null,
      userName: (r.user_name as string | null) ?? null,
      occurredAt: isoOrNull(r.occurred_at as string) ?? '',
      position: r.position as string,
    })),
  }
}

const statusName = (id: number | null) =>
  id === null ? '(none)' : (contactStatusNames[id as keyof typeof contactStatusNames] ?? String(id))

export const exportColumns = ['Date (UTC)', 'User', 'Contact', 'Division', 'From', 'To', 'Reason'] as const

/** One row of the export, as people read it: names of users, divisions and statuses, not their ids. */
export function exportRow(r: StatusChangeRow, divisionName: (id: number) => string): (string | number)[] {
  return [
    r.occurredAt.replace('T', ' ').slice(0, 19),
    r.userName ?? '',
    r.contactName ?? r.contactId,
    divisionName(r.divisionId),
    statusName(r.fromStatusId),
    statusName(r.toStatusId),
    r.reason ?? '',
  ]
}
