/**
 * Wall-clock arithmetic in an IANA time zone with Intl only (no date library in the command API). "In 7
 * days at 17:00" means the local calendar day and local hour, so a DST change in between must not move the
 * hour: we add days to the local date, then find the UTC instant of that local time.
 */
export interface LocalDateTime {
  year: number
  month: number
  day: number
  hour: number
  minute: number
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

export function toLocal(instant: Date, timeZone: string): LocalDateTime & { second: number } {
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
function offsetAt(instant: Date, timeZone: string): number {
  const l = toLocal(instant, timeZone)
  const asUtc = Date.UTC(l.year, l.month - 1, l.day, l.hour, l.minute, l.second)
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000
}

/**
 * The UTC instant of a local time. Ambiguous times (the repeated hour in autumn) take the earlier instant;
 * times that do not exist (the skipped hour in spring) move forward by the gap, as clocks do.
 */
export function fromLocal(local: LocalDateTime, timeZone: string): Date {
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute)
  const first = wall - offsetAt(new Date(wall), timeZone)
  const offset = offsetAt(new Date(first), timeZone)
  const second = wall - offset
  if (second === first) return new Date(first)
  // The two guesses straddle a change: take the earlier one that maps back to the wall time.
  const candidates = [first, second].sort((a, b) => a - b)
  for (const c of candidates) if (wall - offsetAt(new Date(c), timeZone) === c) return new Date(c)
  return new Date(Math.max(first, second))
}

/** The local calendar day `days` after the local day of `instant`, at hour:minute local. */
export function localDayAt(instant: Date, timeZone: string, days: number, hour: number, minute = 0): Date {
  const l = toLocal(instant, timeZone)
  const day = new Date(Date.UTC(l.year, l.month - 1, l.day + days))
  return fromLocal(
    { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour, minute },
    timeZone,
  )
}
