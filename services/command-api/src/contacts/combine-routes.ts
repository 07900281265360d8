import { combineContactsSchema, messages, commandAnswerSchema } from '@crm/contracts'
import { DomainError, badRequest, requirePermission, type EventStore, type HttpApp } from '@crm/platform'
import { envelopeOf } from '../command-handling/command-envelope'
import { withPosition } from '../command-handling/respond'
import { contactStreamId } from './contacts.events'
import { contactDecider } from './decide'
import { actorOf, runContactCommand } from './run-contact-command'
import { loadAggregate } from '../command-handling/load-aggregate'

/**
 * POST /contacts/combine-contacts. The company-info contact survives: ContactsCombined is decided on its
 * stream with the absorbed contacts' states, then each absorbed contact gets ContactMergedInto. Every step
 * has a command id derived from the request's, so repeating a request that failed half-way (same
 * Idempotency-Key) finishes it without doing anything twice.
 */
export function combineRoutes(api: HttpApp, { store }: { store: EventStore }): void {
  api.post(
    '/contacts/combine-contacts',
    {
      // Combining rewrites who owns what across contacts: executives only (docs/product.md section 6).
      preHandler: requirePermission('executive'),
      schema: {
        response: { 200: commandAnswerSchema },
        tags: ['contacts'],
        summary: 'Combine two or more contacts into one',
        body: combineContactsSchema,
      },
    },
    async (request, reply) => {
      const { contactIds, sources, statuses } = request.body
      const ids = [...new Set(contactIds)]
      if (ids.length < 2) throw badRequest(messages.combineSelectTwo, { contactIds: messages.combineSelectTwo })
      const survivorId = sources.companyInfo
      if (!survivorId || !ids.includes(survivorId)) throw new DomainError(messages.combineSelectAllInfo)
      const envelope = envelopeOf(request)
      const actor = actorOf(request)

      const absorbed = []
      for (const contactId of ids.filter((id) => id !== survivorId)) {
        const { state } = await loadAggregate(store, contactStreamId(contactId), contactDecider)
        if (!state.created) throw new DomainError(messages.combineSelectTwo)
        // A repeated request finds them already merged into this survivor: that is not a refusal.
        absorbed.push({ contactId, profile: state.profile!, state: { ...state, mergedInto: null } })
      }
      const combined = await runContactCommand(
        store,
        survivorId,
        { type: 'CombineContacts', actor, absorbed, sources, statuses },
        { ...envelope, commandId: `${envelope.commandId}:combine` },
      )
      let position = combined.position
      for (const { contactId } of absorbed) {
        const result = await runContactCommand(
          store,
          contactId,
          { type: 'MergeContactInto', actor, survivorId },
          { ...envelope, commandId: `${envelope.commandId}:merge:${contactId}`, causationId: envelope.commandId },
        )
        if (result.position && (!position || result.position > position)) position = result.position
      }
      return withPosition(reply, position, { id: survivorId })
    },
  )
}
