import { READ_MODEL_REBUILDS_STREAM, readModelNameParamsSchema, rebuildRequestedSchema } from '@crm/contracts'
import { listCheckpoints, notFound, requirePermission, type EventStore, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { withPosition } from '../command-handling/respond'
import { rebuildDecider } from './decide'

/** POST /read-models/{name}/rebuild: the admin screen's Rebuild button (the projector picks the request up). */
export function readModelRoutes(api: HttpApp, { db, store }: { db: Kysely<unknown>; store: EventStore }): void {
  api.post(
    '/read-models/:name/rebuild',
    {
      preHandler: requirePermission('admin'),
      schema: {
        summary: 'Rebuild a read model from the start of the store, beside the served copy',
        tags: ['read models'],
        params: readModelNameParamsSchema,
        response: { 202: rebuildRequestedSchema.extend({ position: z.string() }) },
      },
    },
    async (request, reply) => {
      const { name } = request.params
      const states = (await listCheckpoints(db)).filter((c) => c.name === name).map((c) => c.state)
      if (states.length === 0) throw notFound('Read model not found')
      const result = await handleCommand(
        store,
        rebuildDecider,
        READ_MODEL_REBUILDS_STREAM,
        { type: 'RequestRebuild', name, states },
        envelopeOf(request),
      )
      return withPosition(reply.code(202), result.position, { name, requested: true as const })
    },
  )
}
