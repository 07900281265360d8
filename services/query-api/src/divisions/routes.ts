import {
  EXECUTIVE_DIVISION_ID,
  divisionIdParamsSchema,
  divisionOptionSchema,
  divisionSchema,
  readModelNames,
} from '@crm/contracts'
import { notFound, requirePermission, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { findDivision, listDivisionOptions, listDivisions } from './list-divisions'

const tags = ['divisions']
const projections = [readModelNames.divisions, readModelNames.users]

export function divisionRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/divisions',
    {
      preHandler: requirePermission('admin'),
      config: { projections },
      schema: {
        tags,
        summary: 'Every division with its user count (administration)',
        response: { 200: z.array(divisionSchema) },
      },
    },
    async () => listDivisions(db),
  )

  api.get(
    '/divisions/for-select',
    {
      config: { projections: [readModelNames.divisions] },
      schema: {
        tags,
        summary: 'Every division, for pickers and the division switcher',
        response: { 200: z.array(divisionOptionSchema) },
      },
    },
    async () => listDivisionOptions(db),
  )

  api.get(
    '/divisions/for-select-limited',
    {
      config: { projections: [readModelNames.divisions] },
      schema: {
        tags,
        summary: 'Divisions without the executive division (status changes, referrals: docs/product.md section 4)',
        response: { 200: z.array(divisionOptionSchema) },
      },
    },
    async () => (await listDivisionOptions(db)).filter((d) => d.id !== EXECUTIVE_DIVISION_ID),
  )

  api.get(
    '/divisions/:id',
    {
      config: { projections },
      schema: { summary: 'Division {id}', tags, params: divisionIdParamsSchema, response: { 200: divisionSchema } },
    },
    async (request) => {
      const division = await findDivision(db, request.params.id)
      if (!division) throw notFound(`Division ${request.params.id} not found`)
      return division
    },
  )
}
