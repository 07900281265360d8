import { TaskDisplayStatus, type Calendar, type MeetingRow, type TaskRow } from '@crm/contracts'

/** One thing on the calendar: a task at its due time or a meeting from start to end. */
export type CalendarItem =
  | { kind: 'task'; id: string; title: string; start: Date; end: Date; task: TaskRow }
  | { kind: 'meeting'; id: string; title: string; start: Date; end: Date; meeting: MeetingRow }

/** Meetings first (they hold the day's shape), then tasks, each by time. */
export function calendarItems(data: Calendar | undefined): CalendarItem[] {
  if (!data) return []
  const meetings: CalendarItem[] = data.meetings.map((m) => ({
    kind: 'meeting',
    id: m.id,
    title: m.subject,
    start: new Date(m.meetingStart),
    end: new Date(m.meetingEnd),
    meeting: m,
  }))
  const tasks: CalendarItem[] = data.tasks.map((t) => ({
    kind: 'task',
    id: t.id,
    title: t.title,
    start: new Date(t.dueDate),
    end: new Date(t.dueDate),
    task: t,
  }))
  const byStart = (a: CalendarItem, b: CalendarItem) => a.start.getTime() - b.start.getTime()
  return [...meetings.sort(byStart), ...tasks.sort(byStart)]
}

/** Colour of an item: meetings blue; tasks by display status. */
export function itemTone(item: CalendarItem): 'meeting' | 'open' | 'pastDue' | 'done' | 'late' {
  if (item.kind === 'meeting') return 'meeting'
  switch (item.task.displayStatus) {
    case TaskDisplayStatus.PastDue:
      return 'pastDue'
    case TaskDisplayStatus.Completed:
      return 'done'
    case TaskDisplayStatus.CompletedLate:
      return 'late'
    default:
      return 'open'
  }
}

export const toneClasses: Record<ReturnType<typeof itemTone>, string> = {
  meeting: 'border-l-ring bg-accent text-accent-foreground',
  open: 'border-l-foreground/40 bg-muted text-foreground',
  pastDue: 'border-l-danger bg-danger-soft text-danger',
  done: 'border-l-success bg-success-soft text-success line-through decoration-success/50',
  late: 'border-l-warning bg-warning-soft text-warning line-through decoration-warning/50',
}
