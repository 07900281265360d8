import { divisionIdParamsSchema, systemConfigSchema, updateSystemConfigSchema } from '@crm/contracts'
import { notFound, readSystemConfig, requirePermission, type EventStore, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { withPosition } from '../command-handling/respond'
import { divisionExists } from '../divisions/division-lookups'
import { systemConfigDecider, systemConfigStreamId } from './decide'

/** PATCH /system-config/{divisionId}: administrators set a division's timings and thresholds. */
export function systemConfigRoutes(api: HttpApp, { db, store }: { db: Kysely<unknown>; store: EventStore }): void {
  api.patch(
    '/system-config/:id',
    {
      preHandler: requirePermission('admin'),
      schema: {
        summary: 'Set the settings of division {id}',
        tags: ['system-config'],
        params: divisionIdParamsSchema,
        body: updateSystemConfigSchema,
        response: { 200: systemConfigSchema.omit({ updatedAt: true }).extend({ position: z.string() }) },
      },
    },
    async (request, reply) => {
      const divisionId = request.params.id
      if (!(await divisionExists(db, divisionId))) throw notFound(`Division ${divisionId} not found`)
      const result = await handleCommand(
        store,
        systemConfigDecider,
        systemConfigStreamId(divisionId),
        { type: 'UpdateSystemConfig', divisionId, changes: request.body },
        envelopeOf(request),
      )
      // The answer is what was decided (the read model may not have it yet).
      const saved = result.events.at(-1)?.data ?? (await readSystemConfig(db, divisionId))
      const { updatedAt: _, ...values } = { updatedAt: null, ...saved, divisionId }
      return withPosition(reply, result.position, values)
    },
  )
}
