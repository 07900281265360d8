import type { HistoryEntry } from '@crm/contracts'
import type { Kysely } from 'kysely'
import { isoOrNull, readModels } from '../read-models'

/** Who changed what on a contact, newest first (GET /contacts/{id}/history). */
export async function findContactHistory(db: Kysely<unknown>, contactId: string): Promise<HistoryEntry[]> {
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
    .where('h.stream_id', '=', `contact-${contactId}`)
    .orderBy('h.stream_version', 'desc')
    // A guard, not paging: a contact's history is hundreds of entries at most.
    .limit(1000)
    .execute()
  return rows.map((r) => ({
    position: r.position,
    streamVersion: r.stream_version,
    type: r.event_type,
    summary: r.summary ?? r.event_type,
    userId: r.user_id,
    userName: r.user_name ?? null,
    divisionId: r.division_id,
    occurredAt: isoOrNull(r.occurred_at) ?? '',
    data: r.data,
  }))
}
