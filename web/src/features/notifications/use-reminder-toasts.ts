import type { NotificationRow } from '@crm/contracts'
import { useEffect, useRef } from 'react'
import { formatDateTime } from '../../lib/format-date'
import { notify } from '../../lib/notify'
import { newReminders } from './new-reminders'

/** A toast for each task reminder that arrives while the app is open (the bell's list is the source). */
export function useReminderToasts(rows: readonly NotificationRow[] | undefined): void {
  const seen = useRef<Set<string> | null>(null)
  useEffect(() => {
    if (!rows) return
    for (const n of newReminders(seen.current, rows)) {
      const due = n.dueDate ? ` (due ${formatDateTime(n.dueDate)})` : ''
      notify.info(`Reminder: ${n.title}${n.contactName ? ` · ${n.contactName}` : ''}${due}`)
    }
    seen.current = new Set([...(seen.current ?? []), ...rows.map((n) => n.id)])
  }, [rows])
}
