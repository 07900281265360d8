import type { NotificationRow } from '@crm/contracts'
import { describe, expect, it } from 'vitest'
import { newReminders } from './new-reminders'

const row = (id: string, extra: Partial<NotificationRow> = {}): NotificationRow => ({
  id,
  kind: 'task-reminder',
  title: `Task ${id}`,
  message: null,
  contactId: null,
  contactName: null,
  taskId: null,
  dueDate: null,
  remindAt: null,
  raisedBy: null,
  raisedByName: null,
  raisedAt: '2025-06-02T21:30:00.000Z',
  readAt: null,
  ...extra,
})

describe('reminder toasts', () => {
  it('announces nothing from the first list: those were there before the app opened', () => {
    expect(newReminders(null, [row('a')])).toEqual([])
  })

  it('announces unread reminders that arrived since, not messages or read ones', () => {
    const seen = new Set(['a'])
    const rows = [row('a'), row('b'), row('c', { kind: 'message' }), row('d', { readAt: '2025-06-02T21:31:00Z' })]
    expect(newReminders(seen, rows).map((n) => n.id)).toEqual(['b'])
  })
})
