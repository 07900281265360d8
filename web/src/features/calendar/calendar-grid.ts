/**
 * Calendar date math in the viewer's local time, without a calendar library. Weeks start on Monday
 * (docs/product.md 9). Days are local midnights; ranges are half-open [from, to).
 */
export type CalendarView = 'month' | 'week' | 'day'
export const calendarViews: CalendarView[] = ['month', 'week', 'day']

export const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate())
export const addDays = (d: Date, days: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + days)
export const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate()

/** Monday of the week holding `d`. */
export function startOfWeek(d: Date): Date {
  const mondayBased = (d.getDay() + 6) % 7
  return addDays(d, -mondayBased)
}

const two = (n: number) => String(n).padStart(2, '0')
/** 'YYYY-MM-DD' of the local day: keys for grouping and the calendar's URL. */
export const dayKey = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`

/** Reads 'YYYY-MM-DD' as a local day; anything else is null. */
export function parseDayKey(value: string | undefined): Date | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null
  if (!m) return null
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]))
  return dayKey(d) === value ? d : null
}

/** The weeks shown for a month: Monday before (or on) the 1st to the Sunday after (or on) the last day. */
export function monthGrid(anchor: Date): Date[][] {
  const first = new Date(anchor.getFullYear(), anchor.getMonth(), 1)
  const last = new Date(anchor.getFullYear(), anchor.getMonth() + 1, 0)
  const weeks: Date[][] = []
  for (let start = startOfWeek(first); start <= last; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)))
  }
  return weeks
}

/** The days a view shows, first to last. */
export function visibleDays(view: CalendarView, anchor: Date): Date[] {
  if (view === 'day') return [startOfDay(anchor)]
  if (view === 'week') return Array.from({ length: 7 }, (_, i) => addDays(startOfWeek(anchor), i))
  return monthGrid(anchor).flat()
}

/** What to ask GET /calendar for: the shown days as [from, to). */
export function visibleRange(view: CalendarView, anchor: Date): { from: Date; to: Date } {
  const days = visibleDays(view, anchor)
  return { from: days[0]!, to: addDays(days.at(-1)!, 1) }
}

/** Prev / next: a month, a week or a day. Month steps keep to the 1st so Jan 31 + 1 month is February. */
export function shiftAnchor(view: CalendarView, anchor: Date, step: 1 | -1): Date {
  if (view === 'day') return addDays(anchor, step)
  if (view === 'week') return addDays(anchor, 7 * step)
  return new Date(anchor.getFullYear(), anchor.getMonth() + step, 1)
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' })
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' })
const longDay = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' })

/** The heading of the view: "November 2026", "Nov 16 – Nov 22, 2026", "Saturday, November 21, 2026". */
export function rangeTitle(view: CalendarView, anchor: Date): string {
  if (view === 'month') return monthYear.format(anchor)
  if (view === 'day') return longDay.format(anchor)
  const days = visibleDays('week', anchor)
  return `${shortDay.format(days[0]!)} – ${shortDay.format(days[6]!)}, ${days[6]!.getFullYear()}`
}

/** Groups items by the local day of a date they carry. */
export function groupByDay<T>(items: readonly T[], dateOf: (item: T) => Date): Map<string, T[]> {
  const out = new Map<string, T[]>()
  for (const item of items) {
    const key = dayKey(dateOf(item))
    out.set(key, [...(out.get(key) ?? []), item])
  }
  return out
}

const DAY_MINUTES = 24 * 60

/**
 * Where a span sits in a day column of the time grid, in minutes from local midnight, clipped to the day;
 * null when it does not touch the day. A span of zero length (a task at its due time) gets `minMinutes`.
 */
export function spanInDay(start: Date, end: Date, day: Date, minMinutes = 30): { top: number; height: number } | null {
  const dayStart = startOfDay(day)
  const dayEnd = addDays(dayStart, 1)
  if (end < dayStart || start >= dayEnd) return null
  if (end.getTime() === dayStart.getTime() && start < end) return null
  const from = Math.max(0, (start.getTime() - dayStart.getTime()) / 60_000)
  const to = Math.min(DAY_MINUTES, (end.getTime() - dayStart.getTime()) / 60_000)
  const height = Math.max(minMinutes, to - from)
  return { top: Math.min(from, DAY_MINUTES - height), height }
}

/**
 * Side-by-side columns for overlapping spans of one day (the meetings and tasks of a time-grid column):
 * each span gets the first free column; `columns` is how many the overlapping cluster needs.
 */
export function layoutColumns<T extends { top: number; height: number }>(
  spans: readonly T[],
): (T & { column: number; columns: number })[] {
  const sorted = [...spans].sort((a, b) => a.top - b.top || b.height - a.height)
  const placed: (T & { column: number; columns: number })[] = []
  let cluster: (T & { column: number; columns: number })[] = []
  let clusterEnd = -1
  const closeCluster = () => {
    const columns = Math.max(0, ...cluster.map((s) => s.column)) + 1
    for (const s of cluster) s.columns = columns
    cluster = []
  }
  for (const span of sorted) {
    if (span.top >= clusterEnd) closeCluster()
    const busy = new Set(cluster.filter((s) => s.top + s.height > span.top).map((s) => s.column))
    let column = 0
    while (busy.has(column)) column++
    const entry = { ...span, column, columns: 1 }
    cluster.push(entry)
    placed.push(entry)
    clusterEnd = Math.max(clusterEnd, span.top + span.height)
  }
  closeCluster()
  return placed
}
