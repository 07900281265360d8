import { TaskDisplayStatus, type TaskDisplayStatusId, TaskStatus } from '@crm/contracts'
import { fromLocal, localDayRange, toLocal, type LocalDate } from '@crm/platform'

const HOUR_MS = 60 * 60 * 1000

/**
 * The task rules read on one clock (docs/product.md 3, decision 005). Built once per request, so that a list's
 * filter and the display status of its rows agree.
 *
 * Past due: an open task is Past Due once now > max(dueDate, the due day at the division's taskPastDueTime
 * local hour). Completed tasks show 2, or 3 when their TaskCompleted said `late`.
 *
 * Due now: an open task that is not Past Due and is due before the end of today (local) or within the next
 * hour, whichever is later. So the Due Now and Past Due filters never share a task, "today's work" is Due
 * Now all day long, and late in the evening the first hour of tomorrow counts too.
 */
export interface TaskClock {
  now: Date
  timeZone: string
  today: LocalDate
  startOfToday: Date
  startOfTomorrow: Date
  /** How many of today's hours 0..23 (local, on the hour) are already behind us. */
  hoursPassed: number
  /** Open, not past due tasks due before this are Due Now. */
  dueNowBefore: Date
}

export function taskClock(now: Date, timeZone: string): TaskClock {
  const local = toLocal(now, timeZone)
  const today = { year: local.year, month: local.month, day: local.day }
  const { from: startOfToday, to: startOfTomorrow } = localDayRange(today, timeZone)
  let hoursPassed = 0
  while (hoursPassed < 24 && fromLocal({ ...today, hour: hoursPassed }, timeZone) < now) hoursPassed++
  const inAnHour = new Date(now.getTime() + HOUR_MS)
  return {
    now,
    timeZone,
    today,
    startOfToday,
    startOfTomorrow,
    hoursPassed,
    dueNowBefore: inAnHour > startOfTomorrow ? inAnHour : startOfTomorrow,
  }
}

/** The moment a task due at `dueDate` becomes Past Due (the rule as decision 005 states it). */
export function pastDueAt(dueDate: Date, timeZone: string, pastDueHour: number): Date {
  const day = toLocal(dueDate, timeZone)
  const cutoff = fromLocal({ year: day.year, month: day.month, day: day.day, hour: pastDueHour }, timeZone)
  return cutoff > dueDate ? cutoff : dueDate
}

/**
 * The same rule as a range on the due date, for SQL filters that use the due-date index: an open task of a
 * division whose past-due hour is `h` is Past Due exactly when its due date is before
 * `h < hoursPassed ? passed : notYetPassed`. (Tasks due before today are past due once their own time
 * passed; today's once the division's hour has passed too; later ones never.)
 */
export function pastDueLimits(clock: TaskClock): { hoursPassed: number; passed: Date; notYetPassed: Date } {
  const earlier = (a: Date, b: Date) => (a < b ? a : b)
  return {
    hoursPassed: clock.hoursPassed,
    passed: earlier(clock.now, clock.startOfTomorrow),
    notYetPassed: earlier(clock.now, clock.startOfToday),
  }
}

export function pastDueBefore(clock: TaskClock, pastDueHour: number): Date {
  const limits = pastDueLimits(clock)
  return pastDueHour < limits.hoursPassed ? limits.passed : limits.notYetPassed
}

export interface TaskTiming {
  status: number
  dueDate: Date
  late: boolean
}

/** Display status (docs/product.md 3): 0 On Schedule, 1 Past Due, 2 Completed, 3 Completed but not on time. */
export function displayStatus(task: TaskTiming, clock: TaskClock, pastDueHour: number): TaskDisplayStatusId {
  if (task.status === TaskStatus.Completed)
    return task.late ? TaskDisplayStatus.CompletedLate : TaskDisplayStatus.Completed
  return clock.now > pastDueAt(task.dueDate, clock.timeZone, pastDueHour)
    ? TaskDisplayStatus.PastDue
    : TaskDisplayStatus.OnSchedule
}
