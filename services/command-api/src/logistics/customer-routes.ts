import {
  LOGISTICS_DIVISION_ID,
  bulkAnswerSchema,
  createLogisticsCustomerSchema,
  deleteContactsSchema,
  logisticsCustomerAnswerSchema,
  logisticsMessages,
  messages,
  updateLogisticsCustomerSchema,
} from '@crm/contracts'
import {
  badRequest,
  forbidden,
  hasPermission,
  requirePermission,
  worksAcrossDivisions,
  type EventStore,
  type HttpApp,
} from '@crm/platform'
import { z } from 'zod'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { contactStreamId } from '../contacts/contacts.events'
import { contactDecider } from '../contacts/decide'
import { actorOf, answerContactCommand, runForEach } from '../contacts/run-contact-command'

const tags = ['logistics customers']
const idParams = z.object({ id: z.uuid() })

/**
 * The logistics division's contacts as customers (docs/product.md 7): the contact aggregate, created in the
 * logistics division, edited with the four toggles' rules, deleted in bulk.
 */
export function logisticsCustomerRoutes(api: HttpApp, { store }: { store: EventStore }): void {
  api.post(
    '/customers-logistic',
    {
      schema: {
        tags,
        summary: 'Create a logistics customer (a contact of the logistics division, a Lead unless told)',
        body: createLogisticsCustomerSchema,
        response: { 201: logisticsCustomerAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = request.user
      if (user.divisionId !== LOGISTICS_DIVISION_ID && !worksAcrossDivisions(user)) {
        throw forbidden(logisticsMessages.notLogisticsUser)
      }
      const body = request.body
      if (body.assigned && body.assigned !== user.userId && !hasPermission(user, 'assign-any')) throw forbidden()
      const envelope = envelopeOf(request)
      const contactId = idsFor(envelope.commandId, 'contact').next()
      const result = await handleCommand(
        store,
        contactDecider,
        contactStreamId(contactId),
        {
          type: 'CreateContact',
          contactId,
          data: { ...body, divisionId: LOGISTICS_DIVISION_ID, statusId: body.statusId as 1 },
          actor: actorOf(request),
        },
        envelope,
      )
      return reply
        .code(201)
        .send(withPosition(reply, result.position, { id: contactId, message: logisticsMessages.customerCreated }))
    },
  )

  api.patch(
    '/customers-logistic/:id',
    {
      schema: {
        tags,
        summary:
          'Edit a logistics customer (only the fields sent change); RFP, MFP, Credit App and Online Form only where offered',
        params: idParams,
        body: updateLogisticsCustomerSchema,
        response: { 200: logisticsCustomerAnswerSchema },
      },
    },
    (request, reply) =>
      answerContactCommand(
        store,
        request,
        reply,
        request.params.id,
        { type: 'UpdateLogisticsCustomer', actor: actorOf(request), changes: request.body },
        { message: logisticsMessages.customerUpdated },
      ),
  )

  api.delete(
    '/customers-logistic/multiple',
    {
      preHandler: requirePermission('delete-contact'),
      schema: {
        tags,
        summary: 'Delete several logistics customers',
        body: deleteContactsSchema,
        response: { 200: bulkAnswerSchema },
      },
    },
    async (request, reply) => {
      if (request.body.ids.length === 0) {
        throw badRequest(messages.noContactsSelected, { ids: messages.noContactsSelected })
      }
      return runForEach(store, request, reply, request.body.ids, () => ({
        type: 'DeleteLogisticsCustomer',
        actor: actorOf(request),
      }))
    },
  )
}
