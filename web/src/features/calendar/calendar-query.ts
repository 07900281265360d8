import { calendarQuery } from '../tasks'
import { parseDayKey, visibleRange, type CalendarView } from './calendar-grid'

export type CalendarSearch = { view?: CalendarView; date?: string; userId?: string }

/** What a /calendar address shows: its view, the days around its date, and whose calendar (none: one's own). */
export function calendarShown(search: CalendarSearch, myUserId: string) {
  // A phone opens on the day (a month of seven narrow columns has no room for the items); wider screens the month.
  const view: CalendarView = search.view ?? (window.matchMedia('(max-width: 639px)').matches ? 'day' : 'month')
  const anchor = parseDayKey(search.date) ?? new Date()
  const { from, to } = visibleRange(view, anchor)
  const userId = search.userId && search.userId !== myUserId ? search.userId : undefined
  return { view, anchor, from, to, query: calendarQuery(from, to, userId) }
}
