import { createLoadSchema, loadAnswerSchema, loadMessages, loadStreamId, updateLoadSchema } from '@crm/contracts'
import { badRequest, notFound, type EventStore, type HttpApp } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { callerOf } from '../command-handling/caller'
import { envelopeOf, type CommandEnvelope } from '../command-handling/command-envelope'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { assertSeesLogisticsCustomer } from '../logistics/customer-access'
import { loadDecider, type LoadCommand } from './decide'
import { loadAggregate } from '../command-handling/load-aggregate'

const tags = ['logistics loads']
const idParams = z.object({ id: z.uuid() })

async function run(store: EventStore, loadId: string, command: LoadCommand, envelope: CommandEnvelope) {
  try {
    return await handleCommand(store, loadDecider, loadStreamId(loadId), command, envelope)
  } catch (error) {
    if (error instanceof FieldRuleError) throw badRequest(error.message, error.errors)
    throw error
  }
}

/** The customer a load belongs to, once the caller is known to see it: a load of a hidden customer is missing. */
async function visibleLoadCustomer(store: EventStore, request: FastifyRequest, loadId: string): Promise<string> {
  const { state } = await loadAggregate(store, loadStreamId(loadId), loadDecider)
  if (!state.contactId || state.deleted) throw notFound(loadMessages.loadNotFound)
  try {
    await assertSeesLogisticsCustomer(store, callerOf(request), state.contactId)
  } catch {
    throw notFound(loadMessages.loadNotFound)
  }
  return state.contactId
}

/** Loads of logistics customers (docs/product.md 3 "Load", 7): book, edit and delete. */
export function loadRoutes(api: HttpApp, { store }: { store: EventStore }): void {
  api.post(
    '/customers-logistic-loads',
    {
      schema: {
        tags,
        summary: "Book a load for a logistics customer ('Unable to obtain customer id' without one)",
        body: createLoadSchema,
        response: { 201: loadAnswerSchema },
      },
    },
    async (request, reply) => {
      const actor = callerOf(request)
      await assertSeesLogisticsCustomer(store, actor, request.body.contactId)
      const envelope = envelopeOf(request)
      const loadId = idsFor(envelope.commandId, 'load').next()
      const { position } = await run(store, loadId, { type: 'BookLoad', loadId, actor, data: request.body }, envelope)
      return reply.code(201).send(
        withPosition(reply, position, {
          id: loadId,
          contactId: request.body.contactId,
          message: loadMessages.loadBooked,
        }),
      )
    },
  )

  api.patch(
    '/customers-logistic-loads/:id',
    {
      schema: {
        tags,
        summary: 'Edit a load (only the fields sent change)',
        params: idParams,
        body: updateLoadSchema,
        response: { 200: loadAnswerSchema },
      },
    },
    async (request, reply) => {
      const loadId = request.params.id
      const contactId = await visibleLoadCustomer(store, request, loadId)
      const command: LoadCommand = { type: 'ChangeLoad', actor: callerOf(request), changes: request.body }
      const { position } = await run(store, loadId, command, envelopeOf(request))
      return withPosition(reply, position, { id: loadId, contactId, message: loadMessages.loadUpdated })
    },
  )

  api.delete(
    '/customers-logistic-loads/:id',
    {
      schema: { tags, summary: 'Delete a load', params: idParams, response: { 200: loadAnswerSchema } },
    },
    async (request, reply) => {
      const loadId = request.params.id
      const contactId = await visibleLoadCustomer(store, request, loadId)
      const command: LoadCommand = { type: 'DeleteLoad', actor: callerOf(request) }
      const { position } = await run(store, loadId, command, envelopeOf(request))
      return withPosition(reply, position, { id: loadId, contactId, message: loadMessages.loadDeleted })
    },
  )
}
