import type { TimelineItem, TimelinePage } from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { isoOrNull } from '../read-models'
import { encodeCursor, type TimelineCursor } from './cursor'

type Params = { contactIds: string[]; limit: number; before?: TimelineCursor; types?: number[] }

/**
 * One page of a contact's activity timeline, newest first, by keyset on (occurred_at, activity_id): a page
 * costs the same at the 500th page as at the first, and activities logged meanwhile neither repeat nor skip
 * items (an offset would shift).
 *
 * Inactive activities (set-inactive) are not part of the timeline at all: not listed, not counted in labels.
 *
 * Follow-up label: activities carry no follow-up chain yet, so the label is the activity's place among the
 * contact's activities of the same type, oldest first: the first is 'Initial', the next 'Follow Up 1', then
 * 'Follow Up 2'... It is counted over all of the contact's activities (not only the filtered types or the
 * loaded pages), so an item's label does not change with the filter or with scrolling.
 */
export async function timelinePage(
  db: Kysely<unknown>,
  { contactIds, limit, before, types }: Params,
): Promise<TimelinePage> {
  // Predicates are left out rather than written `param is null or ...`, and a lone contact is matched with
  // `=`, not `= any(...)`: otherwise PostgreSQL cannot walk the (contact_id, occurred_at desc, activity_id
  // desc) index in order and sorts the contact's whole history for every page.
  const contact = (column: RawBuilder<unknown>) =>
    contactIds.length === 1 ? sql`${column} = ${contactIds[0]}::uuid` : sql`${column} = any(${contactIds}::uuid[])`
  const typeFilter = types ? sql`and a.activity_type = any(${types}::int[])` : sql``
  const after = before
    ? sql`and (a.occurred_at, a.activity_id) < (${before.occurredAt}::timestamptz, ${before.id})`
    : sql``
  const { rows } = await sql<Record<string, unknown>>`
    with page as (
      select a.activity_id, a.activity_type, a.subject, a.notes, a.occurred_at, a.user_id, a.call_duration,
        a.attachments, a.contact_id::text, a.division_id, a.call_outcome
      from activities a
      where ${contact(sql.ref('a.contact_id'))} and a.active ${typeFilter} ${after}
      order by a.occurred_at desc, a.activity_id desc
      limit ${limit + 1}
    )
    select p.*, p.occurred_at::text as cursor_at, p.user_id::text as author_id, u.name as user_name,
      (select count(*)::int from activities b
        where ${contact(sql.ref('b.contact_id'))} and b.active and b.activity_type = p.activity_type
          and (b.occurred_at, b.activity_id) < (p.occurred_at, p.activity_id)) as earlier
    from page p left join users u on u.user_id = p.user_id
    order by p.occurred_at desc, p.activity_id desc`.execute(db)
  // One row more than asked says whether another page exists without a count.
  const more = rows.length > limit
  const shown = rows.slice(0, limit)
  const last = shown[shown.length - 1]
  return {
    items: shown.map(toItem),
    nextCursor:
      more && last ? encodeCursor({ occurredAt: last.cursor_at as string, id: last.activity_id as string }) : null,
  }
}

function toItem(r: Record<string, unknown>): TimelineItem {
  const earlier = r.earlier as number
  return {
    id: r.activity_id as string,
    activityType: r.activity_type as number,
    subject: r.subject as string,
    notes: (r.notes as string | null) ?? null,
    occurredAt: isoOrNull(r.occurred_at as string) ?? '',
    userName: (r.user_name as string | null) ?? null,
    callDuration: (r.call_duration as number | null) ?? null,
    followUpLabel: earlier === 0 ? 'Initial' : `Follow Up ${earlier}`,
    attachments: (r.attachments as TimelineItem['attachments'] | null) ?? [],
    contactId: r.contact_id as string,
    divisionId: r.division_id as number,
    userId: (r.author_id as string | null) ?? null,
    callOutcome: (r.call_outcome as TimelineItem['callOutcome'] | null) ?? null,
  }
}
