import { logActivitySchema } from '@crm/contracts'
import type { EventStore, HttpApp } from '@crm/platform'
import { z } from 'zod'
import { envelopeOf } from '../command-handling/command-envelope'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { actorOf, runContactCommand } from '../contacts/run-contact-command'

/**
 * POST /activity: logs a call, email, meeting... as ActivityLogged on the contact's stream (the full
 * activity timeline builds on these events). `source: 'no-answer'` marks the status bar's No Answer.
 */
export function activityRoutes(api: HttpApp, { store }: { store: EventStore }): void {
  api.post(
    '/activity',
    {
      schema: {
        tags: ['activities'],
        summary: 'Log an activity for a contact',
        body: logActivitySchema.extend({ source: z.enum(['form', 'no-answer']).default('form') }),
      },
    },
    async (request, reply) => {
      const envelope = envelopeOf(request)
      const activityId = idsFor(envelope.commandId, 'activity').next()
      const body = request.body
      const result = await runContactCommand(
        store,
        body.contactId,
        {
          type: 'LogActivity',
          actor: actorOf(request),
          activityId,
          source: body.source,
          data: { ...body, divisionId: body.divisionId ?? request.user.divisionId },
        },
        envelope,
      )
      return reply.code(201).send(withPosition(reply, result.position, { id: activityId, contactId: body.contactId }))
    },
  )
}
