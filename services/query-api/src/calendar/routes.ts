import { calendarQuerySchema, calendarSchema } from '@crm/contracts'
import { badRequest, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { tasksDueBetween } from '../tasks/find-tasks'
import { requestClock } from '../tasks/request-clock'
import { taskProjections } from '../tasks/task-rows'
import { taskOwner } from '../tasks/task-visibility'
import { meetingProjections, meetingsStartingBetween } from '../common/meetings'

// Each read model once: the read-your-writes wait counts the names it is given.
const projections = [...new Set([...taskProjections, ...meetingProjections])]

/** A calendar page shows at most a month and its neighbouring weeks; a quarter is the generous bound. */
const MAX_RANGE_DAYS = 93

/** GET /calendar (docs/product.md 2 /calendar): a user's tasks by due date and meetings by start, in [from, to). */
export function calendarRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/calendar',
    {
      config: { projections },
      schema: {
        summary: 'Tasks and meetings by day over a range',
        tags: ['calendar'],
        querystring: calendarQuerySchema,
        response: { 200: calendarSchema },
      },
    },
    async (request) => {
      const from = new Date(request.query.from)
      const to = new Date(request.query.to)
      if (to <= from) throw badRequest('Invalid Date Range', { to: 'End must be after start' })
      if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * 86_400_000) {
        throw badRequest('Invalid Date Range', { to: `Choose at most ${MAX_RANGE_DAYS} days` })
      }
      const clock = requestClock(request.query.timeZone)
      const owner = await taskOwner(db, request.user, request.query.userId)
      const [tasks, meetings] = await Promise.all([
        tasksDueBetween(db, clock, owner, from, to),
        meetingsStartingBetween(db, owner, from, to),
      ])
      return { tasks, meetings }
    },
  )
}
