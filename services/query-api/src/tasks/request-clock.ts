import { DEFAULT_TASK_TIME_ZONE } from '@crm/contracts'
import { badRequest } from '@crm/platform'
import { isTimeZone, parseDateOnly, type LocalDate } from '@crm/platform'
import { taskClock, type TaskClock } from './task-clock'

/** The request's clock: now, in the zone it names (checked: an unknown zone is the caller's mistake). */
export function requestClock(timeZone: string | undefined): TaskClock {
  const zone = timeZone ?? DEFAULT_TASK_TIME_ZONE
  if (!isTimeZone(zone)) throw badRequest('Unknown time zone', { timeZone: 'Unknown time zone' })
  return taskClock(new Date(), zone)
}

/** A 'YYYY-MM-DD' that passed the format check but must also be a real date (not 2024-02-30). */
export function calendarDate(value: string, field: string): LocalDate {
  const date = parseDateOnly(value)
  if (!date) throw badRequest('Invalid date', { [field]: 'Use the date format YYYY-MM-DD' })
  return date
}
