import {
  ActivityType,
  DASHBOARD_TASK_LIMIT,
  TASK_NOTES_LIMIT,
  TaskListFilter,
  type AssignedTasksQuery,
  type TaskPage,
  type TaskRow,
} from '@crm/contracts'
import type { RequestUser } from '@crm/platform'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { countTasks, dueBetweenSql, dueNowSql, pastDueSql, selectTasks, taskStatusSql } from './task-rows'
import type { TaskClock } from './task-clock'
import { visibleAssignee } from './task-visibility'

const assignedTo = (userId: string) => sql`t.assigned = ${userId}::uuid`
const and = (...parts: RawBuilder<unknown>[]) => sql.join(parts, sql` and `)

/** Past Due and Due Now are work to do now: the most urgent (earliest due) first. */
const urgentFirst: number[] = [TaskListFilter.PastDue, TaskListFilter.DueNow]

/**
 * GET /task/assigned-tasks: one filter of a user's tasks, a page at a time: Past Due and Due Now earliest
 * due first, All and Meetings Only newest due first.
 */
export async function assignedTasksPage(
  db: Kysely<unknown>,
  clock: TaskClock,
  owner: string,
  query: AssignedTasksQuery,
): Promise<TaskPage> {
  const conditions = [assignedTo(owner)]
  if (!query.includeCompleted) conditions.push(sql`t.status = ${taskStatusSql.open}`)
  if (query.filter === TaskListFilter.PastDue) conditions.push(pastDueSql(clock))
  if (query.filter === TaskListFilter.DueNow) conditions.push(dueNowSql(clock))
  if (query.filter === TaskListFilter.MeetingsOnly) conditions.push(sql`t.activity_type = ${ActivityType.Meeting}`)
  const where = and(...conditions)
  const [rows, total] = await Promise.all([
    selectTasks(db, clock, {
      where,
      orderBy: urgentFirst.includes(query.filter) ? sql`t.due_date, t.task_id` : sql`t.due_date desc, t.task_id`,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    countTasks(db, where),
  ])
  return { rows, total }
}

export async function findTask(db: Kysely<unknown>, clock: TaskClock, taskId: string): Promise<TaskRow | undefined> {
  const [row] = await selectTasks(db, clock, { where: sql`t.task_id = ${taskId}::uuid` })
  return row
}

/** A user's tasks due in [from, to), open and completed, earliest first (day, month and calendar views). */
export const tasksDueBetween = (db: Kysely<unknown>, clock: TaskClock, owner: string, from: Date, to: Date) =>
  selectTasks(db, clock, { where: and(assignedTo(owner), dueBetweenSql(from, to)) })

/**
 * The dashboard panel: the user's open tasks, soonest due first (overdue ones lead), and how many there are.
 * Tasks of contacts that left the pipeline come after the work, for the rep to clear away.
 */
export async function dashboardTasks(db: Kysely<unknown>, clock: TaskClock, owner: string): Promise<TaskPage> {
  const where = and(assignedTo(owner), sql`t.status = ${taskStatusSql.open}`)
  const [rows, total] = await Promise.all([
    selectTasks(db, clock, {
      where,
      orderBy: sql`t.contact_closed is not null, t.due_date, t.task_id`,
      limit: DASHBOARD_TASK_LIMIT,
    }),
    countTasks(db, where),
  ])
  return { rows, total }
}

/** A contact's tasks the caller may see: open ones first (soonest due), then completed (latest first). */
export const tasksOfContact = (db: Kysely<unknown>, clock: TaskClock, user: RequestUser, contactId: string) =>
  selectTasks(db, clock, {
    where: and(sql`t.contact_id = ${contactId}::uuid`, visibleAssignee(user, sql.ref('t.assigned'))),
    orderBy: sql`t.status, case when t.status = ${taskStatusSql.open} then t.due_date end, t.completed_date desc, t.task_id`,
  })

/** GET /task/get-notes: the contact's tasks with a description, newest first, whose assignee the user sees. */
export const taskNotesOf = (db: Kysely<unknown>, clock: TaskClock, user: RequestUser, contactId: string) =>
  selectTasks(db, clock, {
    where: and(
      sql`t.contact_id = ${contactId}::uuid`,
      sql`nullif(trim(t.description), '') is not null`,
      visibleAssignee(user, sql.ref('t.assigned')),
    ),
    orderBy: sql`t.creation_date desc, t.task_id`,
    limit: TASK_NOTES_LIMIT,
  })

/** The user's open task on the contact, if any (one at most: docs/product.md 5, decision 005). */
export async function openTaskOf(db: Kysely<unknown>, contactId: string, userId: string): Promise<string | null> {
  const { rows } = await sql<{ task_id: string }>`
    select task_id from tasks
    where contact_id = ${contactId}::uuid and assigned = ${userId}::uuid and status = ${taskStatusSql.open} and not deleted
    order by creation_date limit 1`.execute(db)
  return rows[0]?.task_id ?? null
}

export interface SummaryBucket {
  total: number
  open: number
  completed: number
  pastDue: number
  contactClosed: number
}

/**
 * Counts of a user's tasks due in [from, to): all, open, completed, open ones Past Due now, and open ones
 * whose contact left the pipeline (neither Past Due nor on schedule: not work).
 */
export async function summaryBucket(
  db: Kysely<unknown>,
  clock: TaskClock,
  owner: string,
  from: Date,
  to: Date,
): Promise<SummaryBucket> {
  const { rows } = await sql<SummaryBucket>`
    select count(*)::int as total,
      (count(*) filter (where t.status = ${taskStatusSql.open}))::int as open,
      (count(*) filter (where t.status = ${taskStatusSql.completed}))::int as completed,
      (count(*) filter (where ${pastDueSql(clock)}))::int as "pastDue",
      (count(*) filter (where t.status = ${taskStatusSql.open} and t.contact_closed is not null))::int as "contactClosed"
    from tasks t left join system_config sc on sc.division_id = t.division_id
    where not t.deleted and ${assignedTo(owner)} and ${dueBetweenSql(from, to)}`.execute(db)
  return rows[0] ?? { total: 0, open: 0, completed: 0, pastDue: 0, contactClosed: 0 }
}

/** GET /activity/summary/pas-due-tasks/count: the user's open Past Due tasks. */
export const pastDueCount = (db: Kysely<unknown>, clock: TaskClock, owner: string) =>
  countTasks(db, and(assignedTo(owner), pastDueSql(clock)))
