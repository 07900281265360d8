import { cn } from '../../lib/cn'
import { formatWeekday } from './calendar-format'
import { dayKey, groupByDay, monthGrid, sameDay } from './calendar-grid'
import { CalendarItemChip } from './calendar-item-chip'
import type { CalendarItem } from './calendar-items'

const SHOWN_PER_DAY = 3
/** How a day button is named: 'Sunday, November 1, 2026' (its visible number is part of it). */
const fullDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full' })

/** Month view: the weeks of the month, each day with its first items and "+N more" (opens the day). */
export function MonthView({
  anchor,
  items,
  onOpenDay,
}: {
  anchor: Date
  items: CalendarItem[]
  onOpenDay: (day: Date) => void
}) {
  const weeks = monthGrid(anchor)
  const byDay = groupByDay(items, (i) => i.start)
  const today = new Date()
  return (
    <div className="flex min-h-0 flex-1 flex-col" role="grid" aria-label="Month">
      <div role="row" className="grid grid-cols-7 border-b bg-subtle">
        {weeks[0]!.map((d) => (
          <div
            key={d.getDay()}
            role="columnheader"
            className="px-2 py-1.5 text-[11px] font-medium text-muted-foreground uppercase"
          >
            {formatWeekday(d)}
          </div>
        ))}
      </div>
      <div className="grid flex-1 auto-rows-fr">
        {weeks.map((week) => (
          <div key={dayKey(week[0]!)} role="row" className="grid min-h-24 grid-cols-7 border-b last:border-b-0">
            {week.map((day) => {
              const dayItems = byDay.get(dayKey(day)) ?? []
              const outside = day.getMonth() !== anchor.getMonth()
              const isToday = sameDay(day, today)
              return (
                <div
                  key={dayKey(day)}
                  role="gridcell"
                  className={cn(
                    'flex min-w-0 flex-col gap-0.5 border-r p-1 last:border-r-0',
                    outside && 'bg-subtle/60',
                  )}
                >
                  <button
                    type="button"
                    onClick={() => onOpenDay(day)}
                    // The whole date, which holds the day number shown (a name must contain the visible text).
                    aria-label={fullDate.format(day)}
                    className={cn(
                      'grid size-6 place-items-center self-end rounded-full text-xs tabular hover:bg-muted',
                      outside && 'text-muted-foreground',
                      isToday && 'bg-primary font-semibold text-primary-foreground hover:bg-primary/90',
                    )}
                  >
                    {day.getDate()}
                  </button>
                  {dayItems.slice(0, SHOWN_PER_DAY).map((item) => (
                    <CalendarItemChip key={`${item.kind}-${item.id}`} item={item} />
                  ))}
                  {dayItems.length > SHOWN_PER_DAY && (
                    <button
                      type="button"
                      onClick={() => onOpenDay(day)}
                      className="px-1 text-left text-[11px] font-medium text-muted-foreground hover:text-foreground"
                    >
                      +{dayItems.length - SHOWN_PER_DAY} more
                    </button>
                  )}
                </div>
              )
            })}
          </div>
        ))}
      </div>
    </div>
  )
}
