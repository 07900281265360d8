import { divisionIdParamsSchema, systemConfigSchema, readModelNames } from '@crm/contracts'
import { forbidden, readSystemConfig, worksAcrossDivisions, hasPermission, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'

/** A division's settings: its own members read them (due dates, grades); administrators read any. */
export function systemConfigRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/system-config/:id',
    {
      config: { projections: [readModelNames.systemConfig] },
      schema: {
        summary: 'The settings of division {id}',
        tags: ['system-config'],
        params: divisionIdParamsSchema,
        response: { 200: systemConfigSchema },
      },
    },
    async (request) => {
      const divisionId = request.params.id
      const user = request.user
      if (divisionId !== user.divisionId && !worksAcrossDivisions(user) && !hasPermission(user, 'admin')) {
        throw forbidden()
      }
      return readSystemConfig(db, divisionId)
    },
  )
}
