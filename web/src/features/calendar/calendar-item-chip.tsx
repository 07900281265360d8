import { CheckCheck, Users } from 'lucide-react'
import { cn } from '../../lib/cn'
import { openTask } from '../tasks'
import { formatTime } from './calendar-format'
import { itemTone, toneClasses, type CalendarItem } from './calendar-items'
import { openMeeting } from './meeting-modal'

/** Opens what an item stands for: the task in task_modal (with Complete), the meeting in its form. */
export function openItem(item: CalendarItem): void {
  if (item.kind === 'task') openTask(item.task.id)
  else openMeeting(item.meeting)
}

export function itemLabel(item: CalendarItem): string {
  const kind = item.kind === 'task' ? 'Task' : 'Meeting'
  return `${kind} ${item.title} at ${formatTime(item.start)}`
}

/** A one-line item of the month view. */
export function CalendarItemChip({ item }: { item: CalendarItem }) {
  const Icon = item.kind === 'meeting' ? Users : CheckCheck
  return (
    <button
      type="button"
      aria-label={itemLabel(item)}
      title={`${formatTime(item.start)} ${item.title}`}
      onClick={(e) => {
        e.stopPropagation()
        openItem(item)
      }}
      className={cn(
        'flex w-full min-w-0 items-center gap-1 rounded-sm border-l-2 px-1 py-px text-left text-[11px] leading-4 hover:brightness-95',
        toneClasses[itemTone(item)],
      )}
    >
      <Icon className="size-3 shrink-0 opacity-70" />
      <span className="shrink-0 tabular opacity-80">{formatTime(item.start).replace(':00', '')}</span>
      <span className="truncate font-medium">{item.title}</span>
    </button>
  )
}
