import { mustChange } from '../common/patch-schema'
import { z } from 'zod'
import { dateTimeSchema } from '../common/date-time'
import { timeZoneSchema } from '../tasks/commands'
import { MAX_MEETING_ATTENDEES, meetingMessages } from './messages'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** An attendee is an email address or a person's name; anything with an @ must be a valid email. */
export const meetingAttendeeSchema = z
  .string({ error: meetingMessages.attendeeRequired })
  .trim()
  .min(1, meetingMessages.attendeeRequired)
  .max(254)
  .refine((value) => !value.includes('@') || EMAIL.test(value), meetingMessages.invalidEmail)

const subject = z
  .string({ error: meetingMessages.subjectRequired })
  .trim()
  .min(1, meetingMessages.subjectRequired)
  .max(300)
const text = (max: number) => z.string().trim().max(max).optional().nullable()
const attendees = z.array(meetingAttendeeSchema).max(MAX_MEETING_ATTENDEES, meetingMessages.tooManyAttendees)
const moment = (message: string) => dateTimeSchema({ error: message })

/** POST /events (docs/product.md 3 "Meeting event"); the author owns the meeting. */
export const createMeetingSchema = z
  .object({
    contactId: z.uuid().optional().nullable(),
    taskId: z.uuid().optional().nullable(),
    subject,
    note: text(10_000),
    meetingStart: moment(meetingMessages.startRequired),
    meetingEnd: moment(meetingMessages.endRequired),
    location: text(500),
    attendees: attendees.default([]),
    /** The zone the meeting was planned in (shown beside its times); defaults to the sales floor's. */
    timeZone: timeZoneSchema.optional(),
  })
  .refine((m) => new Date(m.meetingEnd) > new Date(m.meetingStart), {
    path: ['meetingEnd'],
    message: meetingMessages.endBeforeStart,
  })
export type CreateMeeting = z.infer<typeof createMeetingSchema>

/** PATCH /events/{id}: any subset; start and end are checked against the meeting's other time when one is sent. */
export const updateMeetingSchema = z
  .object({
    contactId: z.uuid().optional().nullable(),
    taskId: z.uuid().optional().nullable(),
    subject: subject.optional(),
    note: text(10_000),
    meetingStart: moment(meetingMessages.startRequired).optional(),
    meetingEnd: moment(meetingMessages.endRequired).optional(),
    location: text(500),
    attendees: attendees.optional(),
    timeZone: timeZoneSchema.optional(),
  })
  .refine(...mustChange())
export type UpdateMeeting = z.infer<typeof updateMeetingSchema>

export const meetingCommandResultSchema = z.object({ id: z.string(), position: z.string() })
