import {
  assignedTasksQuerySchema,
  dueDateTaskParamsSchema,
  monthlyTasksQuerySchema,
  taskClockQuerySchema,
  taskMessages,
  taskOwnerQuerySchema,
  taskPageSchema,
  taskRowSchema,
  taskUsersQuerySchema,
  taskNotesQuerySchema,
  selectPageSchema,
  readModelNames,
} from '@crm/contracts'
import { localDayRange, notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { isContactVisible } from '../contacts/find-contact'
import { viewerOf } from '../viewer'
import { assignedTasksPage, dashboardTasks, findTask, taskNotesOf, tasksDueBetween, tasksOfContact } from './find-tasks'
import { calendarDate, requestClock } from './request-clock'
import { taskProjections } from './task-rows'
import { taskUserOptions } from './task-users'
import { maySeeTasksOf, taskOwner } from './task-visibility'

const tags = ['tasks']
const config = { projections: taskProjections }
const idParams = z.object({ id: z.uuid() })
const taskList = z.array(taskRowSchema)

/**
 * Task reads (docs/product.md 7 "Tasks"). A caller reads their own tasks; a manager also their team's, an
 * executive anyone's (`userId`); asking for someone else's otherwise is a 403.
 */
export function taskQueryRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/task/assigned-tasks',
    {
      config,
      schema: {
        summary: 'Tasks assigned to the caller, paged',
        tags,
        querystring: assignedTasksQuerySchema,
        response: { 200: taskPageSchema },
      },
    },
    async (request) => {
      const clock = requestClock(request.query.timeZone)
      const owner = await taskOwner(db, request.user, request.query.userId)
      return assignedTasksPage(db, clock, owner, request.query)
    },
  )

  api.get(
    '/task/due-date-task/:date',
    {
      config,
      schema: {
        summary: 'Tasks due on {date}',
        tags,
        params: dueDateTaskParamsSchema,
        querystring: taskOwnerQuerySchema,
        response: { 200: taskList },
      },
    },
    async (request) => {
      const clock = requestClock(request.query.timeZone)
      const owner = await taskOwner(db, request.user, request.query.userId)
      const { from, to } = localDayRange(calendarDate(request.params.date, 'date'), clock.timeZone)
      return tasksDueBetween(db, clock, owner, from, to)
    },
  )

  api.get(
    '/task/monthly',
    {
      config,
      schema: {
        summary: 'Tasks by day of a month',
        tags,
        querystring: monthlyTasksQuerySchema,
        response: { 200: taskList },
      },
    },
    async (request) => {
      const clock = requestClock(request.query.timeZone)
      const owner = await taskOwner(db, request.user, request.query.userId)
      const [year, month] = request.query.month.split('-').map(Number) as [number, number]
      const first = { year, month, day: 1 }
      const next = month === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: month + 1, day: 1 }
      const from = localDayRange(first, clock.timeZone).from
      const to = localDayRange(next, clock.timeZone).from
      return tasksDueBetween(db, clock, owner, from, to)
    },
  )

  api.get(
    '/task/tasks-for-dashboard',
    {
      config,
      schema: {
        summary: 'Tasks for the dashboard',
        tags,
        querystring: taskOwnerQuerySchema,
        response: { 200: taskPageSchema },
      },
    },
    async (request) => {
      const clock = requestClock(request.query.timeZone)
      return dashboardTasks(db, clock, await taskOwner(db, request.user, request.query.userId))
    },
  )

  // Before /task/:id in reading order only; the router prefers the static path anyway.
  api.get(
    '/task/users-for-select',
    {
      config: { projections: [readModelNames.users] },
      schema: {
        tags,
        summary: 'Users a task picker offers: whom the caller may assign tasks to, or whose tasks they may see',
        querystring: taskUsersQuerySchema,
        response: { 200: selectPageSchema },
      },
    },
    async (request) => taskUserOptions(db, request.user, request.query),
  )

  api.get(
    '/task/tasks-by-contact/:id',
    {
      config,
      schema: {
        summary: 'The tasks of contact {id}',
        tags,
        params: idParams,
        querystring: taskClockQuerySchema,
        response: { 200: taskList },
      },
    },
    async (request) => {
      const clock = requestClock(request.query.timeZone)
      // The contact page's rule: a contact the viewer cannot see does not exist for them.
      if (!(await isContactVisible(db, viewerOf(request), request.params.id))) throw notFound('Contact not found')
      return tasksOfContact(db, clock, request.user, request.params.id)
    },
  )

  api.get(
    '/task/get-notes',
    {
      config,
      schema: {
        summary: "The notes written on a contact's tasks (those with a description), newest first",
        tags,
        querystring: taskNotesQuerySchema,
        response: { 200: taskList },
      },
    },
    async (request) => {
      const clock = requestClock(request.query.timeZone)
      if (!(await isContactVisible(db, viewerOf(request), request.query.contactId))) throw notFound('Contact not found')
      return taskNotesOf(db, clock, request.user, request.query.contactId)
    },
  )

  api.get(
    '/task/:id',
    {
      config,
      schema: {
        summary: 'Task {id}',
        tags,
        params: idParams,
        querystring: taskClockQuerySchema,
        response: { 200: taskRowSchema },
      },
    },
    async (request) => {
      const task = await findTask(db, requestClock(request.query.timeZone), request.params.id)
      // Someone else's task one may not see is answered as a missing one (the visibility policy).
      if (!task || !(await maySeeTasksOf(db, request.user, task.assigned))) throw notFound(taskMessages.taskNotFound)
      return task
    },
  )
}
