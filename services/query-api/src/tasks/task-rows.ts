import {
  systemConfigDefaults,
  type ContactClosedReason,
  type TaskRow,
  readModelNames,
  TaskStatus,
} from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { isoOrNull } from '../read-models'
import { displayStatus, pastDueLimits, type TaskClock } from './task-clock'

/** Read models a task row is built from (X-Min-Position waits for all of them). */
export const taskProjections = [
  readModelNames.tasks,
  readModelNames.contactsList,
  readModelNames.users,
  readModelNames.systemConfig,
]

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`

/** The division's past-due hour; divisions that never saved their settings use the default. */
const pastDueHour = sql`coalesce(sc.task_past_due_time, ${systemConfigDefaults.taskPastDueTime})`

/** A task's stored statuses as SQL literals (inlined: plans and partial indexes see the constant). */
export const taskStatusSql = { open: sql.lit(TaskStatus.Open), completed: sql.lit(TaskStatus.Completed) }

/** Open tasks whose contact is still worked: a task of a contact that left the pipeline is no one's work. */
const workSql = sql`(t.status = ${taskStatusSql.open} and t.contact_closed is null)`

/** Work that is Past Due on this clock: `task-clock.ts` pastDueBefore, per row's division. */
export function pastDueSql(clock: TaskClock): RawBuilder<unknown> {
  const { hoursPassed, passed, notYetPassed } = pastDueLimits(clock)
  return sql`(${workSql} and t.due_date < case when ${pastDueHour} < ${hoursPassed}::int
    then ${ts(passed)} else ${ts(notYetPassed)} end)`
}

/** Work not Past Due, due before the end of today or within the hour (task-clock.ts, "Due now"). */
export function dueNowSql(clock: TaskClock): RawBuilder<unknown> {
  return sql`(${workSql} and not ${pastDueSql(clock)} and t.due_date < ${ts(clock.dueNowBefore)})`
}

export const dueBetweenSql = (from: Date, to: Date) => sql`(t.due_date >= ${ts(from)} and t.due_date < ${ts(to)})`

const from = sql`from tasks t
  left join contacts_list c on c.id = t.contact_id
  left join users u on u.user_id = t.assigned
  left join system_config sc on sc.division_id = t.division_id`

export interface TaskSelection {
  where: RawBuilder<unknown>
  orderBy?: RawBuilder<unknown>
  limit?: number
  offset?: number
}

/** Tasks matching `where` (deleted ones never), as the API shows them on this clock. */
export async function selectTasks(db: Kysely<unknown>, clock: TaskClock, s: TaskSelection): Promise<TaskRow[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select t.*, c.name as contact_name, c.business_phone as contact_phone, u.name as assigned_name,
      ${pastDueHour} as past_due_hour
    ${from}
    where not t.deleted and ${s.where}
    order by ${s.orderBy ?? sql`t.due_date, t.task_id`}
    ${s.limit === undefined ? sql`` : sql`limit ${s.limit}`}
    ${s.offset ? sql`offset ${s.offset}` : sql``}`.execute(db)
  return rows.map((r) => toTaskRow(r, clock))
}

export async function countTasks(db: Kysely<unknown>, where: RawBuilder<unknown>): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*)::int as count ${from}
    where not t.deleted and ${where}`.execute(db)
  return rows[0]?.count ?? 0
}

function toTaskRow(r: Record<string, unknown>, clock: TaskClock): TaskRow {
  const dueDate = new Date(r.due_date as string)
  const status = r.status as number
  return {
    id: r.task_id as string,
    title: r.title as string,
    description: (r.description as string | null) ?? null,
    assigned: r.assigned as string,
    assignedName: (r.assigned_name as string | null) ?? null,
    status,
    displayStatus: displayStatus({ status, dueDate, late: r.late === true }, clock, r.past_due_hour as number),
    priority: r.priority as number,
    dueDate: dueDate.toISOString(),
    activityType: r.activity_type as number,
    contactId: r.contact_id as string,
    contactName: (r.contact_name as string | null) ?? null,
    contactPhone: (r.contact_phone as string | null) ?? null,
    // A completed task is history: what became of its contact afterwards does not change it.
    contactClosed: status === TaskStatus.Open ? ((r.contact_closed as ContactClosedReason | null) ?? null) : null,
    divisionId: r.division_id as number,
    creationDate: isoOrNull(r.creation_date as string) ?? '',
    completedDate: isoOrNull(r.completed_date as string | null),
    completedBy: (r.completed_by as string | null) ?? null,
    nextStepId: (r.next_step_id as number | null) ?? null,
    followUpDate: isoOrNull(r.follow_up_date as string | null),
    reminder: (r.reminder as number | null) ?? null,
    referralId: (r.referral_id as string | null) ?? null,
    followsTaskId: (r.follows_task_id as string | null) ?? null,
    followUpTaskId: (r.follow_up_task_id as string | null) ?? null,
    attachments: (r.attachments as TaskRow['attachments'] | null) ?? [],
  }
}
