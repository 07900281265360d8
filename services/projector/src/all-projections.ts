import type { ReadModelProjection } from './runtime/projection'
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
import { referralsProjection } from './read-models/referrals/referrals.projection'
import { opportunitiesProjection } from './read-models/opportunities/opportunities.projection'
import { opportunityDashboardProjection } from './read-models/opportunity-dashboard/opportunity-dashboard.projection'
import { taskRemindersProjection } from './read-models/task-reminders/task-reminders.projection'
import { notificationsProjection } from './read-models/notifications/notifications.projection'
import { leadImportsProjection } from './read-models/lead-imports/lead-imports.projection'
import { censusFactsProjection } from './read-models/census-facts/census-facts.projection'
import { reportSalesFactsProjection } from './read-models/report-sales-facts/report-sales-facts.projection'
import { logisticsLoadsProjection } from './read-models/logistics-loads/logistics-loads.projection'
import { expensesProjection } from './read-models/expenses/expenses.projection'
import { creditApplicationsProjection } from './read-models/credit-applications/credit-applications.projection'
import { emailTemplatesProjection } from './read-models/email/email-templates.projection'
import { emailMessagesProjection } from './read-models/email/email-messages.projection'
import { phoneCallsProjection } from './read-models/phone-calls/phone-calls.projection'
import { leadToAccountProjection } from './read-models/lead-to-account/lead-to-account.projection'
import { phoneLogProjection } from './read-models/phone-log/phone-log.projection'

/**
 * Every read model the projector maintains. To ship a new version of one, register it here beside the old
 * (e.g. contactsListV1, contactsListV2): the old keeps serving while the new backfills, then retires itself.
 */
export const allProjections: readonly ReadModelProjection[] = [
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
  referralsProjection,
  opportunitiesProjection,
  opportunityDashboardProjection,
  taskRemindersProjection,
  notificationsProjection,
  leadImportsProjection,
  censusFactsProjection,
  reportSalesFactsProjection,
  logisticsLoadsProjection,
  expensesProjection,
  creditApplicationsProjection,
  emailTemplatesProjection,
  emailMessagesProjection,
  phoneCallsProjection,
  leadToAccountProjection,
  phoneLogProjection,
]
