import type { AnyProjection } from './runtime/projection'
import { contactDivisionsProjection } from './read-models/contact-divisions/contact-divisions.projection'
import { contactsListProjection } from './read-models/contacts-list/contacts-list.projection'
import { streamHistoryProjection } from './read-models/stream-history/stream-history.projection'
import { usersProjection } from './read-models/users/users.projection'
import { divisionsProjection } from './read-models/divisions/divisions.projection'
import { systemConfigProjection } from './read-models/system-config/system-config.projection'
import { contactSearchProjection } from './read-models/contact-search/contact-search.projection'
import { filterPresetsProjection } from './read-models/filter-presets/filter-presets.projection'

import { statusHistoryProjection } from './read-models/status-history/status-history.projection'
import { redFlagsProjection } from './read-models/red-flags/red-flags.projection'
import { additionalContactsProjection } from './read-models/additional-contacts/additional-contacts.projection'
import { personalNotesProjection } from './read-models/personal-notes/personal-notes.projection'
import { lesseesProjection } from './read-models/lessees/lessees.projection'
import { activitiesProjection } from './read-models/activities/activities.projection'
import { sharedNotesProjection } from './read-models/shared-notes/shared-notes.projection'
import { commentsProjection } from './read-models/comments/comments.projection'
import { tasksProjection } from './read-models/tasks/tasks.projection'
import { meetingsProjection } from './read-models/meetings/meetings.projection'
import { taskRemindersProjection } from './read-models/task-reminders/task-reminders.projection'
import { notificationsProjection } from './read-models/notifications/notifications.projection'
import { leadImportsProjection } from './read-models/lead-imports/lead-imports.projection'
import { censusFactsProjection } from './read-models/census-facts/census-facts.projection'

/**
 * Every read model the projector maintains. To ship a new version of one, register it here beside the old
 * (e.g. contactsListV1, contactsListV2): the old keeps serving while the new backfills, then retires itself.
 */
export const allProjections: readonly AnyProjection[] = [
  contactsListProjection,
  contactDivisionsProjection,
  streamHistoryProjection,
  usersProjection,
  divisionsProjection,
  systemConfigProjection,
  contactSearchProjection,
  filterPresetsProjection,
  statusHistoryProjection,
  redFlagsProjection,
  additionalContactsProjection,
  personalNotesProjection,
  lesseesProjection,
  activitiesProjection,
  sharedNotesProjection,
  commentsProjection,
  tasksProjection,
  meetingsProjection,
  taskRemindersProjection,
  notificationsProjection,
  leadImportsProjection,
  censusFactsProjection,
]
