import type { CreateMeeting, UpdateMeeting } from '@crm/contracts'
import { api } from '../../lib/api'

/** Scheduling and changing meetings (the calendar's reads are the tasks feature's calendarQuery). */
export const meetingCommands = {
  schedule: (body: CreateMeeting) => api.post('/events', body),
  update: (meetingId: string, body: UpdateMeeting) => api.patch(`/events/${encodeURIComponent(meetingId)}`, body),
}
