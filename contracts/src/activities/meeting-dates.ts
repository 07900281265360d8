/** docs/product.md 5: a meeting may only be dated today or one of the two previous days (the user's calendar days). */
export const MEETING_DAYS_BACK = 2

const DAY_MS = 86_400_000

/** Days since the epoch on the calendar of a user `utcOffset` minutes east of UTC (New York in winter: -300). */
const localDay = (instant: Date, utcOffset: number) => Math.floor((instant.getTime() + utcOffset * 60_000) / DAY_MS)

/** True when `occurredAt` falls on the user's today or one of the MEETING_DAYS_BACK days before it. */
export function isMeetingDateAllowed(occurredAt: Date, now: Date, utcOffset = 0): boolean {
  const day = localDay(occurredAt, utcOffset)
  const today = localDay(now, utcOffset)
  return day <= today && day >= today - MEETING_DAYS_BACK
}

/** The user's offset east of UTC in minutes, as the API takes it (the negation of getTimezoneOffset). */
export const browserUtcOffset = (at = new Date()): number => -at.getTimezoneOffset()
