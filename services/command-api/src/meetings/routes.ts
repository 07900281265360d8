import {
  DEFAULT_TASK_TIME_ZONE,
  createMeetingSchema,
  meetingCommandResultSchema,
  meetingStreamId,
  updateMeetingSchema,
} from '@crm/contracts'
import { badRequest, type EventStore, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { callerOf, callerWithTeam } from '../command-handling/caller'
import { envelopeOf, type CommandEnvelope } from '../command-handling/command-envelope'
import { assertSeesContact } from '../contacts/run-contact-command'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { meetingDecider, type MeetingCommand } from './decide'

const tags = ['meetings']
const idParams = z.object({ id: z.uuid() })

async function run(store: EventStore, meetingId: string, command: MeetingCommand, envelope: CommandEnvelope) {
  try {
    return await handleCommand(store, meetingDecider, meetingStreamId(meetingId), command, envelope)
  } catch (error) {
    if (error instanceof FieldRuleError) throw badRequest(error.message, error.errors)
    throw error
  }
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
      const actor = callerOf(request)
      if (request.body.contactId) await assertSeesContact(store, actor, request.body.contactId)
      const { position } = await run(
        store,
        meetingId,
        {
          type: 'ScheduleMeeting',
          meetingId,
          actor,
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
      const actor = await callerWithTeam(db, request)
      const command: MeetingCommand = { type: 'ChangeMeeting', actor, changes: request.body }
      const { position } = await run(store, meetingId, command, envelopeOf(request))
      return withPosition(reply, position, { id: meetingId })
    },
  )
}
