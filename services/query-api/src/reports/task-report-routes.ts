import {
  taskReportQuerySchema,
  taskReportSchema,
  taskReportTasksPageSchema,
  taskReportTasksQuerySchema,
  type TaskReportQuery,
  readModelNames,
} from '@crm/contracts'
import type { HttpApp } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import type { Kysely, RawBuilder } from 'kysely'
import { requestClock } from '../tasks/request-clock'
import { periodOf, reportDivision, reportUserOf, reportUsers } from './report-scope'
import { taskReport, taskReportTasks, type TaskReportScope } from './task-report'

const projections = [readModelNames.tasks, readModelNames.users, readModelNames.systemConfig]

async function scopeOf(db: Kysely<unknown>, request: FastifyRequest, query: TaskReportQuery): Promise<TaskReportScope> {
  const period = periodOf(query)
  const clock = requestClock(query.timeZone)
  if (query.userId) await reportUserOf(db, request, query.userId)
  return {
    period,
    kind: query.kind,
    clock,
    divisionId: reportDivision(request, query.divisionId),
    userId: query.userId,
    users: (column: RawBuilder<unknown>) => reportUsers(request, column),
  }
}

/**
 * GET /task/task-report (docs/product.md 7) and the tasks behind a cell: per user, tasks due in the period and
 * how they stand; `kind=followUps` is the follow-up report. Whose tasks: the same rule as every report.
 */
export function taskReportRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/task/task-report',
    {
      config: { projections },
      schema: {
        summary: 'Tasks due per user over a report period: done on time, done late, past due, on schedule',
        tags: ['reports'],
        querystring: taskReportQuerySchema,
        response: { 200: taskReportSchema },
      },
    },
    async (request) => taskReport(db, await scopeOf(db, request, request.query)),
  )

  api.get(
    '/task/task-report/tasks',
    {
      config: { projections: [...projections, readModelNames.contactsList] },
      schema: {
        summary: 'The tasks behind one number of the task or follow-up report (follow-up-report), paged',
        tags: ['reports'],
        querystring: taskReportTasksQuerySchema,
        response: { 200: taskReportTasksPageSchema },
      },
    },
    async (request) => {
      const { column, limit, first } = request.query
      return taskReportTasks(db, await scopeOf(db, request, request.query), column, { limit, first })
    },
  )
}
