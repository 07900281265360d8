import {
  isTaskAssignedQuerySchema,
  isTaskAssignedSchema,
  pastDueTaskCountSchema,
  taskClockQuerySchema,
  taskOwnerQuerySchema,
  tasksSummaryRequestSchema,
  tasksSummarySchema,
  todayMeetingsSchema,
  readModelNames,
} from '@crm/contracts'
import { localDayRange, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { meetingProjections, meetingsStartingBetween } from '../common/meetings'
import { openTaskOf, pastDueCount, summaryBucket } from './find-tasks'
import { calendarDate, requestClock } from './request-clock'
import { taskProjections } from './task-rows'
import { taskOwner } from './task-visibility'

const tags = ['tasks']

/** Counts and yes/no answers about tasks, and today's meetings (dashboard widgets, the call button). */
export function taskSummaryRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  // A read with a body (docs/product.md 7). Served here, by the query API: in docker-compose the web server sends
  // this one POST path to the query API (deploy/nginx.conf); the standalone process mounts both APIs.
  api.post(
    '/task/tasks-summary',
    {
      config: { projections: taskProjections },
      schema: {
        summary: 'Task counts per state over a date range',
        tags,
        body: tasksSummaryRequestSchema,
        response: { 200: tasksSummarySchema },
      },
    },
    async (request) => {
      const body = request.body
      const clock = requestClock(body.timeZone)
      const owner = await taskOwner(db, request.user, body.userId)
      const bucket = (field: 'today' | 'tomorrow' | 'sevenDays', days: number) => {
        const { from, to } = localDayRange(calendarDate(body[field], field), clock.timeZone, days)
        return summaryBucket(db, clock, owner, from, to)
      }
      const [today, tomorrow, sevenDays] = await Promise.all([
        bucket('today', 1),
        bucket('tomorrow', 1),
        bucket('sevenDays', 7),
      ])
      return { today, tomorrow, sevenDays }
    },
  )

  api.get(
    '/activity/summary/pas-due-tasks/count',
    {
      config: { projections: taskProjections },
      schema: {
        summary: 'How many tasks are past due',
        tags,
        querystring: taskOwnerQuerySchema,
        response: { 200: pastDueTaskCountSchema },
      },
    },
    async (request) => {
      const clock = requestClock(request.query.timeZone)
      const owner = await taskOwner(db, request.user, request.query.userId)
      return { count: await pastDueCount(db, clock, owner) }
    },
  )

  api.get(
    '/task/is-task-assigned',
    {
      config: { projections: [readModelNames.tasks] },
      schema: {
        summary: 'Whether the caller holds an open task on a contact',
        tags,
        querystring: isTaskAssignedQuerySchema,
        response: { 200: isTaskAssignedSchema },
      },
    },
    async (request) => {
      const owner = await taskOwner(db, request.user, request.query.userId)
      const taskId = await openTaskOf(db, request.query.contactId, owner)
      return { assigned: taskId !== null, taskId }
    },
  )

  api.get(
    '/task/today-meeting',
    {
      config: { projections: meetingProjections },
      schema: {
        summary: "Today's meetings",
        tags,
        querystring: taskClockQuerySchema,
        response: { 200: todayMeetingsSchema },
      },
    },
    async (request) => {
      const clock = requestClock(request.query.timeZone)
      return meetingsStartingBetween(db, request.user.userId, clock.startOfToday, clock.startOfTomorrow)
    },
  )
}
