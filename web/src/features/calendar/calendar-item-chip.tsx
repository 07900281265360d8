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

/**
 * Says what an item is before its visible text, so that its name is that text (what a voice user reads out)
 * and a screen reader still hears whether it is a task or a meeting.
 */
export function ItemKind({ item }: { item: CalendarItem }) {
  return <span className="sr-only">{item.kind === 'task' ? 'Task ' : 'Meeting '}</span>
}

/** A one-line item of the month view. */
export function CalendarItemChip({ item }: { item: CalendarItem }) {
  const Icon = item.kind === 'meeting' ? Users : CheckCheck
  return (
    <button
      type="button"
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
      <ItemKind item={item} />
      <Icon className="size-3 shrink-0 opacity-70" />
      <span className="shrink-0 tabular">{formatTime(item.start).replace(':00', '')}</span>
      <span className="truncate font-medium">{item.title}</span>
    </button>
  )
}
