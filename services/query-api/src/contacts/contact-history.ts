import { mentionedDivisions, nameDivisionMentions, type HistoryEntry } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { isoOrNull, readModels } from '../read-models'
import { mergedFamily } from './merged-family'

/** Personal notes are private to their author: their events are history for the author alone. */
const privateEventTypes = ['PersonalNoteAdded', 'PersonalNoteUpdated', 'PersonalNoteRemoved']

/**
 * Who changed what on a contact (and on contacts combined into it), newest first (GET /contacts/history/{id}),
 * as `viewerId` may see it.
 */
export async function findContactHistory(
  db: Kysely<unknown>,
  contactId: string,
  viewerId: string,
  asOf?: Date,
): Promise<HistoryEntry[]> {
  const rows = await readModels(db)
    .selectFrom('stream_history as h')
    .leftJoin('users as u', 'u.user_id', 'h.user_id')
    .select([
      'h.position',
      'h.stream_version',
      'h.event_type',
      'h.summary',
      'h.user_id',
      'u.name as user_name',
      'h.division_id',
      'h.occurred_at',
      'h.data',
    ])
    // Contacts combined into this one keep their history, shown here with it.
    .where('h.stream_id', 'in', await historyStreamsOf(db, contactId))
    .where((eb) => eb.or([eb('h.event_type', 'not in', privateEventTypes), eb('h.user_id', '=', viewerId)]))
    .$if(asOf !== undefined, (q) => q.where('h.occurred_at', '<=', asOf!))
    .orderBy('h.occurred_at', 'desc')
    .orderBy('h.stream_version', 'desc')
    // A guard, not paging: a contact's history is hundreds of entries at most.
    .limit(1000)
    .execute()
  const divisionNames = await namesOfDivisions(db, [
    ...new Set(rows.flatMap((r) => mentionedDivisions(r.summary ?? ''))),
  ])
  return rows.map((r) => ({
    position: r.position,
    streamVersion: r.stream_version,
    type: r.event_type,
    summary: nameDivisionMentions(r.summary ?? r.event_type, (id) => divisionNames.get(id)),
    userId: r.user_id,
    userName: r.user_name ?? null,
    divisionId: r.division_id,
    occurredAt: isoOrNull(r.occurred_at) ?? '',
    data: r.data,
  }))
}

/** The contact's stream, those of contacts combined into it, and the streams of its referrals. */
async function historyStreamsOf(db: Kysely<unknown>, contactId: string): Promise<string[]> {
  const family = await mergedFamily(db, contactId)
  const { rows } = await sql<{ referral_id: string }>`
    select referral_id from referrals where contact_id = any(${family}::uuid[])`.execute(db)
  return [...family.map((id) => `contact-${id}`), ...rows.map((r) => `referral-${r.referral_id}`)]
}

/** The names divisions have now: history lines name the division as people know it today. */
async function namesOfDivisions(db: Kysely<unknown>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const { rows } = await sql<{ division_id: number; name: string }>`
    select division_id, name from divisions where division_id = any(${ids}::int[])`.execute(db)
  return new Map(rows.map((r) => [r.division_id, r.name]))
}
