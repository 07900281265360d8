import type { TaskListFilterId } from '@crm/contracts'

/**
 * Query keys several features read or invalidate: a contact, what is shown about it, and the contact lists. A
 * contact command refreshes all of them (use-contact-command.ts), so they are named once, here.
 */
export const contactsKeys = {
  all: ['contacts'] as const,
  detail: (id: string) => [...contactsKeys.all, 'detail', id] as const,
  history: (id: string) => [...contactsKeys.all, 'history', id] as const,
  legalData: (id: string) => [...contactsKeys.all, 'legal-data', id] as const,
}

/** Everything shown on a contact's page besides its details: red flags, notes, timeline, status changes. */
export const lifecycleKeys = {
  all: (contactId: string) => [...contactsKeys.all, 'lifecycle', contactId] as const,
  part: (contactId: string, part: string, extra?: unknown) => [...lifecycleKeys.all(contactId), part, extra] as const,
}

export const listKeys = {
  all: ['contact-lists'] as const,
}

/** Tasks: the task windows, the calendar and the referral window (which creates a task) refresh them. */
export const taskKeys = {
  all: ['tasks'] as const,
  detail: (taskId: string) => [...taskKeys.all, 'detail', taskId] as const,
  byContact: (contactId: string) => [...taskKeys.all, 'contact', contactId] as const,
  assigned: (filter: TaskListFilterId, userId: string | undefined) =>
    [...taskKeys.all, 'assigned', filter, userId ?? 'me'] as const,
  dashboard: (userId?: string) => [...taskKeys.all, 'dashboard', userId ?? 'me'] as const,
  summary: (days: object) => [...taskKeys.all, 'summary', days] as const,
  todayMeetings: () => [...taskKeys.all, 'today-meetings'] as const,
  calendar: (from: string, to: string, userId: string | undefined) =>
    [...taskKeys.all, 'calendar', from, to, userId ?? 'me'] as const,
}
