import type { ActivityRow } from '@crm/contracts'
import { isoOrNull } from '../read-models'

/** The columns an ActivityRow is read from (`a` the activities view, `u` the author in users). */
export const activityRowColumns = `a.activity_id, a.contact_id::text, a.division_id, a.activity_type, a.subject,
  a.notes, a.call_duration, a.call_outcome, a.user_id::text, u.name as user_name, a.occurred_at`

export function toActivityRow(r: Record<string, unknown>): ActivityRow {
  return {
    activityId: r.activity_id as string,
    contactId: r.contact_id as string,
    divisionId: r.division_id as number,
    activityType: r.activity_type as number,
    subject: r.subject as string,
    notes: (r.notes as string | null) ?? null,
    callDuration: (r.call_duration as number | null) ?? null,
    callOutcome: (r.call_outcome as string | null) ?? null,
    userId: (r.user_id as string | null) ?? null,
    userName: (r.user_name as string | null) ?? null,
    occurredAt: isoOrNull(r.occurred_at as string) ?? '',
  }
}
