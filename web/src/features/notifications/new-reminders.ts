import { NotificationKind, type NotificationRow } from '@crm/contracts'

/**
 * The reminders to announce with a toast: unread task reminders that were not in the list seen before.
 * The first list after opening the app only sets what has been seen (no burst of old reminders).
 */
export function newReminders(seen: ReadonlySet<string> | null, rows: readonly NotificationRow[]): NotificationRow[] {
  if (seen === null) return []
  return rows.filter((n) => n.kind === NotificationKind.TaskReminder && n.readAt === null && !seen.has(n.id))
}
