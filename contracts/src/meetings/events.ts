/**
 * Events of the meeting stream (`meeting-<id>`), docs/product.md 3 "Meeting event". Times are UTC ISO strings;
 * `timeZone` is the zone the meeting was planned in. Fields are only ever added, never renamed.
 */
export interface MeetingFields {
  contactId: string | null
  taskId: string | null
  subject: string
  note: string | null
  meetingStart: string
  meetingEnd: string
  location: string | null
  attendees: string[]
  timeZone: string
}

export type MeetingScheduled = {
  type: 'MeetingScheduled'
  /** `userId` owns the meeting (its calendar); `createdBy` is who scheduled it. */
  data: MeetingFields & { meetingId: string; userId: string; createdBy: string }
}

/** PATCH /events/{id}: only the fields that changed, with their new values. */
export type MeetingChanged = {
  type: 'MeetingChanged'
  data: { meetingId: string; changes: Partial<MeetingFields>; changedBy: string }
}

export type MeetingEvent = MeetingScheduled | MeetingChanged

export const meetingEventTypes = [
  'MeetingScheduled',
  'MeetingChanged',
] as const satisfies readonly MeetingEvent['type'][]

export const meetingStreamId = (meetingId: string): string => `meeting-${meetingId}`
