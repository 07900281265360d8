import { supportTypeParamsSchema, supportTypeSchema, supportTypes } from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import { z } from 'zod'

const tags = ['lookups']

/**
 * The support tables (docs/product.md 9: activity types, contract-lost and give-up reasons, email history and
 * the other numbered types), for clients that fill selects from the API rather than from the contracts package.
 */
export function supportTableRoutes(api: HttpApp): void {
  api.get(
    '/support-tables',
    {
      schema: {
        tags,
        summary: 'Every support type with its values',
        response: { 200: z.array(supportTypeSchema) },
      },
    },
    async () => supportTypes,
  )

  api.get(
    '/support-tables/types/:typeId',
    {
      schema: {
        tags,
        summary: 'The values of one support type (8 activity types, 27 contract-lost reasons, 28 give-up reasons …)',
        params: supportTypeParamsSchema,
        response: { 200: supportTypeSchema },
      },
    },
    async (request) => {
      const type = supportTypes.find((t) => t.typeId === request.params.typeId)
      if (!type) throw notFound('No such support type')
      return type
    },
  )
}
