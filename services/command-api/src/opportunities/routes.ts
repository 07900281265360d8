import {
  DEFAULT_TASK_TIME_ZONE,
  createOpportunitySchema,
  opportunityStreamId,
  updateOpportunitySchema,
} from '@crm/contracts'
import type { EventStore, HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { callerWithTeam } from '../command-handling/caller'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { contactStreamId } from '../contacts/contacts.events'
import { contactDecider } from '../contacts/decide'
import { assertSeesContact } from '../contacts/run-contact-command'
import { divisionOfUser, fieldErrorsAs400, gradeDaysOf } from '../referrals/run-referral'
import { opportunityDecider } from './decide'
import { loadAggregate } from '../command-handling/load-aggregate'

const tags = ['opportunities']
const answer = z.object({ id: z.string(), position: z.string() })

/** Opportunities (docs/product.md 3, 7): POST /opportunities from the contact, PATCH /opportunities/{id} edits or closes. */
export function opportunityRoutes(api: HttpApp, { store, db }: { store: EventStore; db: Kysely<unknown> }): void {
  api.post(
    '/opportunities',
    {
      schema: {
        tags,
        summary: 'Create an opportunity on a contact, in the caller’s division',
        body: createOpportunitySchema,
        response: { 201: answer },
      },
    },
    async (request, reply) => {
      const actor = await callerWithTeam(db, request)
      const body = request.body
      await assertSeesContact(store, actor, body.contactId)
      const { state: contact } = await loadAggregate(store, contactStreamId(body.contactId), contactDecider)
      const envelope = envelopeOf(request)
      const opportunityId = idsFor(envelope.commandId, 'opportunity').next()
      const command = {
        type: 'CreateOpportunity' as const,
        opportunityId,
        actor,
        data: body,
        grade: contact.divisions[actor.divisionId]?.grade ?? null,
        config: await gradeDaysOf(db, actor.divisionId),
        timeZone: DEFAULT_TASK_TIME_ZONE,
        divisionOfSalesperson: await divisionOfUser(db, body.userId ?? actor.userId),
      }
      const result = await fieldErrorsAs400(() =>
        handleCommand(store, opportunityDecider, opportunityStreamId(opportunityId), command, envelope),
      )
      return reply.code(201).send(withPosition(reply, result.position, { id: opportunityId }))
    },
  )

  api.patch(
    '/opportunities/:id',
    {
      schema: {
        tags,
        summary:
          'Edit an opportunity; a stage change (and closing it, Closed Won / Lost) is recorded with who and when',
        params: z.object({ id: z.uuid() }),
        body: updateOpportunitySchema,
        response: { 200: answer },
      },
    },
    async (request, reply) => {
      const id = request.params.id
      const actor = await callerWithTeam(db, request)
      const userId = request.body.userId
      const command = {
        type: 'ChangeOpportunity' as const,
        actor,
        changes: request.body,
        divisionOfSalesperson: userId ? await divisionOfUser(db, userId) : null,
      }
      const result = await fieldErrorsAs400(() =>
        handleCommand(store, opportunityDecider, opportunityStreamId(id), command, envelopeOf(request)),
      )
      return withPosition(reply, result.position, { id })
    },
  )
}
