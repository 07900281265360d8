import {
  DEFAULT_TASK_TIME_ZONE,
  createMeetingSchema,
  meetingCommandResultSchema,
  meetingMessages,
  meetingStreamId,
  updateMeetingSchema,
  type MeetingEvent,
} from '@crm/contracts'
import {
  badRequest,
  hasPermission,
  notFound,
  worksAcrossDivisions,
  type EventStore,
  type HttpApp,
  type RequestUser,
} from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { envelopeOf, type CommandEnvelope } from '../command-handling/command-envelope'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { meetingDecider, type MeetingCommand } from './decide'

const tags = ['meetings']
const idParams = z.object({ id: z.uuid() })

/** Executives edit any meeting; a manager the meetings of the users they manage (users read model). */
async function managesOwner(db: Kysely<unknown>, user: RequestUser, ownerId: string): Promise<boolean> {
  if (hasPermission(user, 'executive') || worksAcrossDivisions(user)) return true
  if (!hasPermission(user, 'manager')) return false
  const { rows } = await sql`
    select 1 from users where user_id = ${ownerId}::uuid and manager_id = ${user.userId}::uuid`.execute(db)
  return rows.length > 0
}

async function run(store: EventStore, meetingId: string, command: MeetingCommand, envelope: CommandEnvelope) {
  try {
    return await handleCommand(store, meetingDecider, meetingStreamId(meetingId), command, envelope)
  } catch (error) {
    if (error instanceof FieldRuleError) throw badRequest(error.message, { [error.field]: error.message })
    throw error
  }
}

async function ownerOf(store: EventStore, meetingId: string): Promise<string> {
  const history = await store.readStream(meetingStreamId(meetingId))
  const state = history.reduce(
    (s, e) => meetingDecider.evolve(s, e as unknown as MeetingEvent),
    meetingDecider.initialState,
  )
  if (!state.ownerId) throw notFound(meetingMessages.meetingNotFound)
  return state.ownerId
}

/** Meeting events (docs/product.md 3, 7): POST /events schedules one on the author's calendar, PATCH /events/{id} edits. */
export function meetingRoutes(api: HttpApp, { store, db }: { store: EventStore; db: Kysely<unknown> }): void {
  api.post(
    '/events',
    {
      schema: {
        tags,
        summary: 'Schedule a meeting',
        body: createMeetingSchema,
        response: { 201: meetingCommandResultSchema },
      },
    },
    async (request, reply) => {
      const envelope = envelopeOf(request)
      const meetingId = idsFor(envelope.commandId, 'meeting').next()
      const { position } = await run(
        store,
        meetingId,
        {
          type: 'ScheduleMeeting',
          meetingId,
          actor: { userId: request.user.userId, managesOwner: false },
          data: request.body,
          timeZone: request.body.timeZone ?? DEFAULT_TASK_TIME_ZONE,
        },
        envelope,
      )
      return reply.code(201).send(withPosition(reply, position, { id: meetingId }))
    },
  )

  api.patch(
    '/events/:id',
    {
      schema: {
        tags,
        summary: 'Edit a meeting (its owner, their manager or an executive)',
        params: idParams,
        body: updateMeetingSchema,
        response: { 200: meetingCommandResultSchema },
      },
    },
    async (request, reply) => {
      const meetingId = request.params.id
      const owner = await ownerOf(store, meetingId)
      const actor = {
        userId: request.user.userId,
        managesOwner: owner !== request.user.userId && (await managesOwner(db, request.user, owner)),
      }
      const command: MeetingCommand = { type: 'ChangeMeeting', actor, changes: request.body }
      const { position } = await run(store, meetingId, command, envelopeOf(request))
      return withPosition(reply, position, { id: meetingId })
    },
  )
}
