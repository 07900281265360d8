import { createContactResultSchema, createContactSchema } from '@crm/contracts'
import { forbidden, hasPermission, worksAcrossDivisions, type EventStore, type HttpApp } from '@crm/platform'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { actorOf } from './run-contact-command'
import { contactStreamId } from './contacts.events'
import { contactDecider } from './decide'

export function contactRoutes(api: HttpApp, { store }: { store: EventStore }): void {
  api.post(
    '/contacts',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Create a contact (a Lead by default) in one division',
        body: createContactSchema,
        response: { 201: createContactResultSchema },
      },
    },
    async (request, reply) => {
      const user = request.user
      const body = request.body
      // docs/product.md section 6: without assign-any users assign only to themselves; other divisions are executive work.
      if (body.assigned && body.assigned !== user.userId && !hasPermission(user, 'assign-any')) throw forbidden()
      if (body.divisionId !== undefined && body.divisionId !== user.divisionId && !worksAcrossDivisions(user)) {
        throw forbidden()
      }
      const envelope = envelopeOf(request)
      const contactId = idsFor(envelope.commandId, 'contact').next()
      const result = await handleCommand(
        store,
        contactDecider,
        contactStreamId(contactId),
        { type: 'CreateContact', contactId, data: body, actor: actorOf(request) },
        envelope,
      )
      return reply.code(201).send(withPosition(reply, result.position, { id: contactId }))
    },
  )
}
