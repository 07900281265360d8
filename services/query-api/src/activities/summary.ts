import { ActivityType, type ActivitySummary, type SummaryContactRow } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { isoOrNull } from '../read-models'

type Range = { from: Date; toExclusive: Date }
const types = Object.values(ActivityType) as number[]
const calls = [ActivityType.OutgoingCall, ActivityType.IncomingCall]

/** A user's active activities in [from, toExclusive) counted per type, with the time spent on calls. */
export async function countActivities(
  db: Kysely<unknown>,
  userId: string,
  range: Range,
): Promise<Pick<ActivitySummary, 'counts' | 'total' | 'callDuration'>> {
  const { rows } = await sql<{ activity_type: number; count: number; seconds: number }>`
    select activity_type, count(*)::int as count,
      coalesce(sum(call_duration) filter (where activity_type = any(${calls}::int[])), 0)::int as seconds
    from activities
    where user_id = ${userId}::uuid and active
      and occurred_at >= ${range.from.toISOString()}::timestamptz
      and occurred_at < ${range.toExclusive.toISOString()}::timestamptz
    group by activity_type`.execute(db)
  const byType = new Map(rows.map((r) => [r.activity_type, r]))
  return {
    counts: types.map((activityType) => ({ activityType, count: byType.get(activityType)?.count ?? 0 })),
    total: rows.reduce((sum, r) => sum + r.count, 0),
    callDuration: rows.reduce((sum, r) => sum + r.seconds, 0),
  }
}

/**
 * The contacts behind a summary cell: those the user had active activities with in the range (of one type,
 * if given), most recent first, with how many and when the last one was.
 */
export async function summaryContacts(
  db: Kysely<unknown>,
  params: { userId: string; range: Range; activityType?: number; limit: number; first: number },
): Promise<{ rows: SummaryContactRow[]; total: number }> {
  const { userId, range, activityType, limit, first } = params
  const type = activityType === undefined ? sql`` : sql`and a.activity_type = ${activityType}`
  const { rows } = await sql<Record<string, unknown>>`
    with hits as (
      select a.contact_id, count(*)::int as activities, max(a.occurred_at) as last_at
      from activities a
      where a.user_id = ${userId}::uuid and a.active ${type}
        and a.occurred_at >= ${range.from.toISOString()}::timestamptz
        and a.occurred_at < ${range.toExclusive.toISOString()}::timestamptz
      group by a.contact_id
    )
    select h.contact_id::text, c.name, h.activities, h.last_at, count(*) over ()::int as total
    from hits h join contacts_list c on c.id = h.contact_id and not c.deleted
    order by h.last_at desc, h.contact_id
    limit ${limit} offset ${first}`.execute(db)
  return {
    rows: rows.map((r) => ({
      contactId: r.contact_id as string,
      name: (r.name as string | null) ?? '',
      activities: r.activities as number,
      lastActivityAt: isoOrNull(r.last_at as string) ?? '',
    })),
    total: (rows[0]?.total as number | undefined) ?? (first > 0 ? await countHits(db, params) : 0),
  }
}

/** The total when the page asked for lies past the end (no row carries the window count). */
async function countHits(
  db: Kysely<unknown>,
  params: { userId: string; range: Range; activityType?: number },
): Promise<number> {
  const page = await summaryContacts(db, { ...params, limit: 1, first: 0 })
  return page.total
}
