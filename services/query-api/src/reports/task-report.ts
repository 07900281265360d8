import {
  REPORT_EXPORT_LIMIT,
  onTimePercent,
  taskReportColumnKeys,
  type ReportPeriod,
  type TaskReport,
  type TaskReportColumn,
  type TaskReportCounts,
  type TaskReportKind,
  type TaskReportTask,
  TaskDisplayStatus,
} from '@crm/contracts'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { isoOrNull } from '../read-models'
import type { TaskClock } from '../tasks/task-clock'
import { pastDueSql, taskStatusSql } from '../tasks/task-rows'

/** Display statuses as SQL literals. */
const display = {
  OnSchedule: sql.lit(TaskDisplayStatus.OnSchedule),
  PastDue: sql.lit(TaskDisplayStatus.PastDue),
  Completed: sql.lit(TaskDisplayStatus.Completed),
  CompletedLate: sql.lit(TaskDisplayStatus.CompletedLate),
}
import { pageTotal } from './page-total'

export interface TaskReportScope {
  period: ReportPeriod
  kind: TaskReportKind
  clock: TaskClock
  /** Undefined: every division (executives). */
  divisionId?: number
  userId?: string
  /** Whose tasks the viewer reads, as a condition on the assignee column. */
  users: (column: RawBuilder<unknown>) => RawBuilder<unknown>
}

/** Tasks of the scope (alias `t`, with the division's settings as `sc`): due in the period, not deleted. */
function tasksOf(scope: TaskReportScope): RawBuilder<unknown> {
  const { period, kind, divisionId, userId } = scope
  return sql`not t.deleted
    and t.due_date >= ${period.from.toISOString()}::timestamptz
    and t.due_date < ${period.toExclusive.toISOString()}::timestamptz
    ${kind === 'followUps' ? sql`and t.follows_task_id is not null` : sql``}
    ${divisionId === undefined ? sql`` : sql`and t.division_id = ${divisionId}`}
    ${userId === undefined ? sql`` : sql`and t.assigned = ${userId}::uuid`}
    and ${scope.users(sql`t.assigned`)}`
}

/**
 * Each column as a condition: done on time / late as the completion recorded it, past due on the request's
 * clock with the division's past-due hour (the rule of the task lists), open on schedule the rest of the work.
 */
function columnConditions(clock: TaskClock): Record<TaskReportColumn, RawBuilder<unknown>> {
  const pastDue = pastDueSql(clock)
  return {
    due: sql`true`,
    doneOnTime: sql`t.status = ${taskStatusSql.completed} and not t.late`,
    doneLate: sql`t.status = ${taskStatusSql.completed} and t.late`,
    pastDue,
    onSchedule: sql`t.status = ${taskStatusSql.open} and t.contact_closed is null and not ${pastDue}`,
  }
}

const from = sql`from tasks t left join system_config sc on sc.division_id = t.division_id`

export async function taskReport(db: Kysely<unknown>, scope: TaskReportScope): Promise<TaskReport> {
  const conditions = columnConditions(scope.clock)
  const columns = sql.join(
    taskReportColumnKeys.map((k) => sql`(count(*) filter (where ${conditions[k]}))::int as ${sql.id(k)}`),
  )
  const { rows } = await sql<Record<string, unknown>>`
    select t.assigned::text as user_id, coalesce(u.name, u.email, '') as user_name, ${columns}
    ${from} left join users u on u.user_id = t.assigned
    where ${tasksOf(scope)}
    group by t.assigned, u.name, u.email
    order by user_name, t.assigned
    limit ${REPORT_EXPORT_LIMIT}`.execute(db)
  const countsOf = (r: Record<string, unknown>) =>
    Object.fromEntries(taskReportColumnKeys.map((k) => [k, r[k] as number])) as TaskReportCounts
  const reportRows = rows.map((r) => {
    const counts = countsOf(r)
    return {
      userId: r.user_id as string,
      userName: r.user_name as string,
      counts,
      onTimePercent: onTimePercent(counts),
    }
  })
  const totals = Object.fromEntries(
    taskReportColumnKeys.map((k) => [k, reportRows.reduce((sum, r) => sum + r.counts[k], 0)]),
  ) as TaskReportCounts
  return { dateFrom: scope.period.dateFrom, dateTo: scope.period.dateTo, kind: scope.kind, rows: reportRows, totals }
}

/** The tasks behind one cell, soonest due first: the same scope and column condition as the number. */
export async function taskReportTasks(
  db: Kysely<unknown>,
  scope: TaskReportScope,
  column: TaskReportColumn,
  page: { limit: number; first: number },
): Promise<{ rows: TaskReportTask[]; total: number }> {
  const conditions = columnConditions(scope.clock)
  const where = sql`${tasksOf(scope)} and ${conditions[column]}`
  const { rows } = await sql<Record<string, unknown>>`
    select t.task_id::text, t.title, t.contact_id::text, coalesce(c.name, '') as contact_name, t.due_date,
      t.completed_date,
      case when t.status = ${taskStatusSql.completed}
        then (case when t.late then ${display.CompletedLate} else ${display.Completed} end)
        when ${conditions.pastDue} then ${display.PastDue} else ${display.OnSchedule} end as display_status,
      count(*) over ()::int as total
    ${from} left join contacts_list c on c.id = t.contact_id
    where ${where}
    order by t.due_date, t.task_id
    limit ${page.limit} offset ${page.first}`.execute(db)
  const total = await pageTotal(rows, page.first, async () => {
    const counted = await sql<{ n: number }>`select count(*)::int as n ${from} where ${where}`.execute(db)
    return counted.rows[0]?.n ?? 0
  })
  return {
    total,
    rows: rows.map((r) => ({
      taskId: r.task_id as string,
      title: r.title as string,
      contactId: r.contact_id as string,
      contactName: r.contact_name as string,
      dueDate: isoOrNull(r.due_date as string) ?? '',
      completedDate: isoOrNull(r.completed_date as string | null),
      displayStatus: r.display_status as number,
    })),
  }
}
