import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { ChevronLeft, ChevronRight, Loader2, Plus } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { useSession } from '../../lib/session-store'
import { AsyncPicker, type Picked } from '../../components/form/async-picker'
import { Segmented } from '../../components/ui/segmented'
import { taskUserOptions, openNewTask, useTaskUserPicking } from '../tasks'
import { calendarItems } from './calendar-items'
import { dayKey, rangeTitle, shiftAnchor, visibleDays } from './calendar-grid'
import { calendarShown, type CalendarSearch } from './calendar-query'
import { openNewMeeting } from './meeting-modal'
import { MonthView } from './month-view'
import { TimeGridView } from './time-grid-view'

const viewOptions = [
  { value: 'month', label: 'Month' },
  { value: 'week', label: 'Week' },
  { value: 'day', label: 'Day' },
] as const

const viewableUsers = taskUserOptions('view')

/** /calendar: a user's tasks and meetings by month, week or day. */
export function CalendarPage() {
  const search = useSearch({ strict: false }) as CalendarSearch
  const navigate = useNavigate()
  const user = useSession()!.user
  // Managers look at their team's calendars, executives at anyone's: the picker offers whom the server allows.
  const manager = useTaskUserPicking().maySeeOthersTasks
  // A calendar opened by URL knows the user's id only; their name comes with their tasks.
  const [picked, setPerson] = useState<Picked | null>(search.userId ? null : { value: user.userId, label: user.name })
  const { view, anchor, query } = calendarShown(search, user.userId)
  const data = useSuspenseQuery(query)
  const items = calendarItems(data.data)
  const person = picked ?? {
    value: search.userId ?? user.userId,
    label: data.data?.tasks.find((t) => t.assigned === search.userId)?.assignedName ?? 'Selected user',
  }

  const go = (next: Partial<CalendarSearch>) =>
    void navigate({ to: '/calendar', search: { ...search, ...next }, replace: false })
  const openDay = (day: Date) => go({ view: 'day', date: dayKey(day) })

  return (
    <div className="flex h-full min-h-[640px] flex-col gap-3 px-3 pt-4 pb-6 sm:px-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold tracking-tight">Calendar</h1>
        <div className="flex items-center gap-1">
          <Button
            size="icon"
            variant="ghost"
            aria-label="Previous"
            onClick={() => go({ date: dayKey(shiftAnchor(view, anchor, -1)) })}
          >
            <ChevronLeft />
          </Button>
          <Button size="sm" onClick={() => go({ date: undefined })}>
            Today
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label="Next"
            onClick={() => go({ date: dayKey(shiftAnchor(view, anchor, 1)) })}
          >
            <ChevronRight />
          </Button>
        </div>
        <h2 className="text-sm font-semibold" aria-live="polite">
          {rangeTitle(view, anchor)}
        </h2>
        {data.isFetching && <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label="Loading" />}
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {manager && (
            <div className="w-56 [&_label]:sr-only">
              <AsyncPicker
                id="calendar-user"
                label="User"
                queryKey="task-users-view"
                value={person}
                load={viewableUsers}
                onChange={(p) => {
                  setPerson(p)
                  go({ userId: p.value === user.userId ? undefined : p.value })
                }}
              />
            </div>
          )}
          <Segmented label="View" value={view} options={viewOptions} onChange={(v) => go({ view: v })} />
          <Button size="sm" onClick={() => openNewMeeting({})}>
            <Plus /> Meeting
          </Button>
          <Button size="sm" variant="primary" onClick={() => openNewTask()}>
            <Plus /> Task
          </Button>
        </div>
      </header>
      {data.isError && (
        <p role="alert" className="rounded-md border border-danger/25 bg-danger-soft px-3 py-2 text-danger">
          The calendar could not be loaded.
        </p>
      )}
      <section
        aria-label="Calendar"
        className="flex min-h-0 flex-1 flex-col overflow-hidden rounded-lg border bg-surface shadow-xs"
      >
        {view === 'month' ? (
          <MonthView anchor={anchor} items={items} onOpenDay={openDay} />
        ) : (
          <TimeGridView
            days={visibleDays(view, anchor)}
            items={items}
            onOpenDay={openDay}
            onSlot={(start) => openNewMeeting({ start })}
          />
        )}
      </section>
    </div>
  )
}
