import { commandAnswerSchema, createDealerAnswerSchema, createDealerSchema, updateDealerSchema } from '@crm/contracts'
import type { EventStore, HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { callerOf } from '../command-handling/caller'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { contactStreamId } from '../contacts/contacts.events'
import { dealerDecider } from './decide'
import { findDuplicateDealer } from './find-duplicate-dealer'
import { loadAggregate } from '../command-handling/load-aggregate'

const tags = ['dealers']

/** docs/product.md 7 "/ts-dealers": add and edit a truck-sales or finance dealer (a contact of category 4 or 5). */
export function dealerRoutes(api: HttpApp, { store, db }: { store: EventStore; db: Kysely<unknown> }): void {
  api.post(
    '/ts-dealers',
    {
      schema: {
        tags,
        summary: 'Add a dealer (the add_ts_dealer form, after the duplicate check) in the caller’s division',
        body: createDealerSchema,
        response: { 201: createDealerAnswerSchema },
      },
    },
    async (request, reply) => {
      const actor = callerOf(request)
      const body = request.body
      const duplicateOf = await findDuplicateDealer(db, actor, { ...body, addressZip: body.address?.zip })
      const envelope = envelopeOf(request)
      const contactId = idsFor(envelope.commandId, 'contact').next()
      const result = await handleCommand(
        store,
        dealerDecider,
        contactStreamId(contactId),
        { type: 'CreateDealer', contactId, actor, data: body, duplicateOf },
        envelope,
      )
      return reply.code(201).send(withPosition(reply, result.position, { id: contactId }))
    },
  )

  api.patch(
    '/ts-dealers/:id',
    {
      schema: {
        tags,
        summary: 'Edit dealer {id}: only the fields sent change',
        params: z.object({ id: z.uuid() }),
        body: updateDealerSchema,
        response: { 200: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const actor = callerOf(request)
      const { id } = request.params
      const changes = request.body
      // Only an edit of the dealer's key can make it a duplicate; the decider compares the record's own values.
      const touchesKey = changes.name !== undefined || changes.businessPhone !== undefined || changes.address?.zip
      const duplicateOf = touchesKey ? await duplicateAfterEdit(db, store, actor, id, changes) : null
      const result = await handleCommand(
        store,
        dealerDecider,
        contactStreamId(id),
        { type: 'UpdateDealer', actor, changes, duplicateOf },
        envelopeOf(request),
      )
      return withPosition(reply, result.position, { id })
    },
  )
}

/** The dealer's name, phone and zip after the edit, checked against the other dealers. */
async function duplicateAfterEdit(
  db: Kysely<unknown>,
  store: EventStore,
  actor: ReturnType<typeof callerOf>,
  id: string,
  changes: z.infer<typeof updateDealerSchema>,
): Promise<string | null> {
  const { state } = await loadAggregate(store, contactStreamId(id), dealerDecider)
  const profile = state.profile
  if (!profile) return null
  return findDuplicateDealer(
    db,
    actor,
    {
      name: changes.name ?? profile.name,
      businessPhone: changes.businessPhone ?? profile.businessPhone,
      addressZip: changes.address?.zip ?? profile.address?.zip,
    },
    id,
  )
}
