import { upcastEvent } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { readModels } from '../read-models'

/** One event of the contact's stream as the history keeps it (stream_history holds every event with its data). */
export interface StoredContactEvent {
  position: string
  streamVersion: number
  type: string
  data: unknown
  userId: string | null
  userName: string | null
  occurredAt: Date
}

/**
 * The contact's events up to `until` (inclusive), in stream order. The history read model is rebuilt from the
 * store by the projector, so reading it here reads the events themselves, without secrets. Rows written before
 * an event's shape changed are read as the current version, like the store's own reads (upcastEvent).
 */
export async function contactEventsUntil(
  db: Kysely<unknown>,
  contactId: string,
  until: Date,
): Promise<StoredContactEvent[]> {
  const rows = await readModels(db)
    .selectFrom('stream_history as h')
    .leftJoin('users as u', 'u.user_id', 'h.user_id')
    .select([
      'h.position',
      'h.stream_version',
      'h.event_type',
      'h.data',
      'h.user_id',
      'u.name as user_name',
      'h.occurred_at',
    ])
    .where('h.stream_id', '=', `contact-${contactId}`)
    .where('h.occurred_at', '<=', until)
    .orderBy('h.stream_version')
    .execute()
  return rows.map((r) => ({
    position: r.position,
    streamVersion: r.stream_version,
    type: r.event_type,
    data: upcastEvent({ type: r.event_type, data: r.data }).data,
    userId: r.user_id,
    userName: r.user_name ?? null,
    occurredAt: new Date(r.occurred_at),
  }))
}

/** Names of users and divisions as they are called today (events carry ids). */
export async function namesFor(
  db: Kysely<unknown>,
  userIds: string[],
): Promise<{ users: Map<string, string>; divisions: Map<number, string> }> {
  const { rows: users } =
    userIds.length === 0
      ? { rows: [] }
      : await sql<{ user_id: string; name: string }>`
          select user_id, name from users where user_id = any(${userIds}::uuid[])`.execute(db)
  const { rows: divisions } = await sql<{ division_id: number; name: string }>`
    select division_id, name from divisions`.execute(db)
  return {
    users: new Map(users.map((u) => [u.user_id, u.name])),
    divisions: new Map(divisions.map((d) => [d.division_id, d.name])),
  }
}
