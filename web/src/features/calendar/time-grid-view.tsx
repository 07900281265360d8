import { CheckCheck, MapPin } from 'lucide-react'
import { useEffect, useRef, type MouseEvent } from 'react'
import { cn } from '../../lib/cn'
import { formatHour, formatTime, formatWeekday } from './calendar-format'
import { dayKey, layoutColumns, sameDay, spanInDay } from './calendar-grid'
import { ItemKind, openItem } from './calendar-item-chip'
import { itemTone, toneClasses, type CalendarItem } from './calendar-items'

const HOUR_PX = 48
const PX_PER_MINUTE = HOUR_PX / 60
const SCROLL_TO_HOUR = 7
const hours = Array.from({ length: 24 }, (_, h) => h)

/**
 * Week and day views: a 24-hour grid per day; meetings span start to end, tasks sit at their due time.
 * Clicking an empty half hour starts a meeting there.
 */
export function TimeGridView({
  days,
  items,
  onOpenDay,
  onSlot,
}: {
  days: Date[]
  items: CalendarItem[]
  onOpenDay: (day: Date) => void
  onSlot: (start: Date) => void
}) {
  const scroller = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = (SCROLL_TO_HOUR - 0.25) * HOUR_PX
  }, [])
  const today = new Date()
  const columns = `56px repeat(${days.length}, minmax(0, 1fr))`

  const slotAt = (day: Date) => (e: MouseEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return
    const y = e.clientY - e.currentTarget.getBoundingClientRect().top
    const minutes = Math.floor(y / PX_PER_MINUTE / 30) * 30
    onSlot(new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, minutes))
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col" role="grid" aria-label={days.length === 1 ? 'Day' : 'Week'}>
      <div role="row" className="grid border-b bg-subtle" style={{ gridTemplateColumns: columns }}>
        <div />
        {days.map((d) => (
          <button
            key={dayKey(d)}
            type="button"
            role="columnheader"
            onClick={() => onOpenDay(d)}
            className="flex items-baseline justify-center gap-1.5 border-l py-1.5 text-xs hover:bg-muted"
          >
            <span className="font-medium text-muted-foreground uppercase">{formatWeekday(d)}</span>
            <span
              className={cn(
                'grid size-6 place-items-center rounded-full text-[13px] font-semibold tabular',
                sameDay(d, today) && 'bg-primary text-primary-foreground',
              )}
            >
              {d.getDate()}
            </span>
          </button>
        ))}
      </div>
      {/* Focusable, so the hours scroll from the keyboard too when the day has nothing to tab to. */}
      <div ref={scroller} role="rowgroup" aria-label="Hours" tabIndex={0} className="min-h-0 flex-1 overflow-y-auto">
        <div role="row" className="relative grid" style={{ gridTemplateColumns: columns, height: 24 * HOUR_PX }}>
          <div className="relative">
            {hours.slice(1).map((h) => (
              <span
                key={h}
                className="absolute right-2 -translate-y-1/2 text-[10px] text-muted-foreground tabular"
                style={{ top: h * HOUR_PX }}
              >
                {formatHour(h)}
              </span>
            ))}
          </div>
          {days.map((day) => (
            <DayColumn key={dayKey(day)} day={day} items={items} isToday={sameDay(day, today)} onClick={slotAt(day)} />
          ))}
        </div>
      </div>
    </div>
  )
}

function DayColumn({
  day,
  items,
  isToday,
  onClick,
}: {
  day: Date
  items: CalendarItem[]
  isToday: boolean
  onClick: (e: MouseEvent<HTMLDivElement>) => void
}) {
  const spans = items.flatMap((item) => {
    const span = spanInDay(item.start, item.end, day)
    return span ? [{ ...span, item }] : []
  })
  const now = new Date()
  const nowMinutes = now.getHours() * 60 + now.getMinutes()
  return (
    <div
      role="gridcell"
      onClick={onClick}
      className={cn('relative cursor-cell border-l', isToday && 'bg-accent/25')}
      style={{
        backgroundImage: `repeating-linear-gradient(to bottom, var(--border) 0 1px, transparent 1px ${HOUR_PX}px)`,
      }}
    >
      {layoutColumns(spans).map(({ item, top, height, column, columns }) => (
        <button
          key={`${item.kind}-${item.id}`}
          type="button"
          onClick={() => openItem(item)}
          className={cn(
            'absolute flex flex-col justify-start overflow-hidden rounded-sm border-l-2 px-1.5 py-0.5 text-left text-[11px] leading-4 shadow-xs hover:brightness-95',
            toneClasses[itemTone(item)],
          )}
          style={{
            top: top * PX_PER_MINUTE,
            height: height * PX_PER_MINUTE - 1,
            left: `calc(${(column / columns) * 100}% + 2px)`,
            width: `calc(${100 / columns}% - 4px)`,
          }}
        >
          <span className="flex items-center gap-1 font-medium">
            <ItemKind item={item} />
            {item.kind === 'task' && <CheckCheck className="size-3 shrink-0" />}
            <span className="truncate">{item.title}</span>
            {/* Half an hour holds one line: the time goes beside the title. */}
            {height < 45 && <span className="shrink-0 font-normal tabular">{formatTime(item.start)}</span>}
          </span>
          {height >= 45 && (
            <span className="block truncate tabular">
              {formatTime(item.start)}
              {item.kind === 'meeting' && ` – ${formatTime(item.end)}`}
              {item.kind === 'task' && item.task.contactName && ` · ${item.task.contactName}`}
            </span>
          )}
          {item.kind === 'meeting' && item.meeting.location && height >= 60 && (
            <span className="flex items-center gap-0.5 truncate">
              <MapPin className="size-3" /> {item.meeting.location}
            </span>
          )}
        </button>
      ))}
      {isToday && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 z-10 h-px bg-danger"
          style={{ top: nowMinutes * PX_PER_MINUTE }}
        >
          <span className="absolute -top-1 -left-1 size-2 rounded-full bg-danger" />
        </div>
      )}
    </div>
  )
}
