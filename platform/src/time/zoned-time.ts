/**
 * Wall-clock arithmetic in an IANA zone with Intl only. "Today", "the due day at 17:00" and "this month"
 * are the caller's local days; stored times are UTC. "In 7 days at 17:00" adds days to the local date and
 * then finds the UTC instant of that local time, so a DST change in between does not move the hour.
 */
export interface LocalDate {
  year: number
  month: number
  day: number
}
export interface LocalDateTime extends LocalDate {
  hour: number
  minute: number
  second: number
}

const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, f)
  }
  return f
}

/** True for a zone Intl knows (an unknown one would throw deep inside a query). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone)
    return true
  } catch {
    return false
  }
}

export function toLocal(instant: Date, timeZone: string): LocalDateTime {
  const parts: Record<string, number> = {}
  for (const p of formatter(timeZone).formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value)
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  }
}

/** Milliseconds the zone is ahead of UTC at this instant. */
function offsetAt(instant: number, timeZone: string): number {
  const l = toLocal(new Date(instant), timeZone)
  return Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second) - Math.floor(instant / 1000) * 1000
}

/**
 * The UTC instant of a local wall time. A repeated hour (autumn) takes the earlier instant; a skipped one
 * (spring) moves forward by the gap, as clocks do.
 */
export function fromLocal(local: LocalDate & { hour?: number; minute?: number }, timeZone: string): Date {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour ?? 0, local.minute ?? 0)
  const first = wall - offsetAt(wall, timeZone)
  const second = wall - offsetAt(first, timeZone)
  if (first === second) return new Date(first)
  for (const c of [first, second].sort((a, b) => a - b)) if (c + offsetAt(c, timeZone) === wall) return new Date(c)
  return new Date(Math.max(first, second))
}

/** The local calendar date `days` after the given one (month and year roll over). */
export function addDays(date: LocalDate, days: number): LocalDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days))
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

/** 'YYYY-MM-DD' as a date, or undefined when it is no calendar date (2024-02-30). */
export function parseDateOnly(value: string): LocalDate | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return undefined
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
  const check = addDays(date, 0)
  return check.year === date.year && check.month === date.month && check.day === date.day ? date : undefined
}

export const formatDateOnly = (d: LocalDate): string =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`

/** First instant of a local day, and of the day after: the half-open range [from, to) of that day. */
export function localDayRange(date: LocalDate, timeZone: string, days = 1): { from: Date; to: Date } {
  return { from: fromLocal(date, timeZone), to: fromLocal(addDays(date, days), timeZone) }
}

/** The local calendar day `days` after the local day of `instant`, at hour:minute local. */
export function localDayAt(instant: Date, timeZone: string, days: number, hour: number, minute = 0): Date {
  return fromLocal({ ...addDays(toLocal(instant, timeZone), days), hour, minute }, timeZone)
}
