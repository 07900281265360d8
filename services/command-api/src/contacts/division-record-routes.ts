import { commandAnswerSchema, divisionRecordParamsSchema, divisionRecordPatchSchema } from '@crm/contracts'
import type { EventStore, HttpApp } from '@crm/platform'
import { actorOf, answerContactCommand } from './run-contact-command'

/** PATCH /contact-divisions/{contactId}/{divisionId} (docs/product.md 7): grade, effort level and stage. */
export function divisionRecordRoutes(api: HttpApp, { store }: { store: EventStore }): void {
  api.patch(
    '/contact-divisions/:contactId/:divisionId',
    {
      schema: {
        tags: ['contact lifecycle'],
        summary: "Change the contact's grade, effort level or stage in one division (only what is sent)",
        params: divisionRecordParamsSchema,
        body: divisionRecordPatchSchema,
        response: { 200: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const { contactId, divisionId } = request.params
      return answerContactCommand(store, request, reply, contactId, {
        type: 'EditDivisionRecord',
        actor: actorOf(request),
        divisionId,
        changes: request.body,
      })
    },
  )
}
