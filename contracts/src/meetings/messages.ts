import { messages } from '../messages'
import { taskMessages } from '../tasks/messages'

/** Meeting event messages. docs/product.md gives the subject and email wording; the others are kept short and plain. */
export const meetingMessages = {
  subjectRequired: taskMessages.subjectRequired,
  invalidEmail: messages.invalidEmail,
  startRequired: 'Please select meeting start',
  endRequired: 'Please select meeting end',
  endBeforeStart: 'Meeting end must be after its start',
  attendeeRequired: 'Please enter attendee email or name',
  tooManyAttendees: 'You can add up to 50 attendees',
  meetingNotFound: 'Meeting not found',
} as const

/** docs/product.md 3 "Meeting event": attendees are emails or names, at most this many. */
export const MAX_MEETING_ATTENDEES = 50
