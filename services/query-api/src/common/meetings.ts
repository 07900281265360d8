import { readModelNames } from '@crm/contracts'
import type { MeetingRow } from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { isoOrNull } from '../read-models'

/** Read models a meeting row is built from. */
export const meetingProjections = [readModelNames.meetings, readModelNames.contactsList]

/** A user's meeting events starting in [from, to), earliest first. */
export async function meetingsStartingBetween(
  db: Kysely<unknown>,
  userId: string,
  from: Date,
  to: Date,
): Promise<MeetingRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select m.*, c.name as contact_name
    from meetings m left join contacts_list c on c.id = m.contact_id
    where m.user_id = ${userId}::uuid
      and m.meeting_start >= ${from.toISOString()}::timestamptz and m.meeting_start < ${to.toISOString()}::timestamptz
    order by m.meeting_start, m.meeting_id`.execute(db)
  return rows.map(toMeetingRow)
}

function toMeetingRow(r: Record<string, unknown>): MeetingRow {
  return {
    id: r.meeting_id as string,
    contactId: (r.contact_id as string | null) ?? null,
    contactName: (r.contact_name as string | null) ?? null,
    taskId: (r.task_id as string | null) ?? null,
    subject: r.subject as string,
    note: (r.note as string | null) ?? null,
    meetingStart: isoOrNull(r.meeting_start as string) ?? '',
    meetingEnd: isoOrNull(r.meeting_end as string) ?? '',
    location: (r.location as string | null) ?? null,
    attendees: (r.attendees as string[] | null) ?? [],
    timeZone: r.time_zone as string,
    userId: r.user_id as string,
  }
}
