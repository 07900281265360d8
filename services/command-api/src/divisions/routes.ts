import {
  createDivisionSchema,
  divisionIdParamsSchema,
  divisionResultSchema,
  messages,
  renameDivisionSchema,
} from '@crm/contracts'
import { DomainError, notFound, requirePermission, type EventStore, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { withPosition } from '../command-handling/respond'
import { createDivision } from './create-division'
import { divisionDecider, divisionNotFound, divisionStreamId } from './decide'
import { divisionExists, divisionInUse } from './division-lookups'

const tags = ['divisions']
const adminOnly = requirePermission('admin')

/** Divisions are managed by administrators (docs/product.md section 7, Divisions). */
export function divisionRoutes(api: HttpApp, { db, store }: { db: Kysely<unknown>; store: EventStore }): void {
  api.post(
    '/divisions',
    {
      preHandler: adminOnly,
      schema: {
        summary: 'Create a division (administrators)',
        tags,
        body: createDivisionSchema,
        response: { 201: divisionResultSchema },
      },
    },
    async (request, reply) => {
      const { divisionId, position } = await createDivision(store, db, request.body.name, envelopeOf(request))
      return reply.code(201).send(withPosition(reply, position, { id: divisionId, message: 'Division created' }))
    },
  )

  api.patch(
    '/divisions/:id',
    {
      preHandler: adminOnly,
      schema: {
        summary: 'Edit division {id}',
        tags,
        params: divisionIdParamsSchema,
        body: renameDivisionSchema,
        response: { 200: divisionResultSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const result = await handleCommand(
        store,
        divisionDecider,
        divisionStreamId(id),
        { type: 'RenameDivision', divisionId: id, name: request.body.name },
        envelopeOf(request),
      ).catch(notFoundFor(id))
      return withPosition(reply, result.position, { id, message: messages.divisionRenamed(request.body.name.trim()) })
    },
  )

  api.delete(
    '/divisions/:id',
    {
      preHandler: adminOnly,
      schema: {
        summary: 'Delete division {id}',
        tags,
        params: divisionIdParamsSchema,
        response: { 200: divisionResultSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      if (!(await divisionExists(db, id))) throw notFound(divisionNotFound)
      const result = await handleCommand(
        store,
        divisionDecider,
        divisionStreamId(id),
        { type: 'DeleteDivision', divisionId: id, inUse: await divisionInUse(db, id) },
        envelopeOf(request),
      ).catch(notFoundFor(id))
      return withPosition(reply, result.position, { id, message: messages.divisionDeleted })
    },
  )
}

/** The decider's "not found" is a 404 to HTTP clients, not a business-rule 422. */
const notFoundFor = (id: number) => (error: unknown) => {
  if (error instanceof DomainError && error.message === divisionNotFound) throw notFound(`Division ${id} not found`)
  throw error
}
