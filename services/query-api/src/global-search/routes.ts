import { quickSearchHitSchema, quickSearchQuerySchema, readModelNames } from '@crm/contracts'
import type { HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { callerOf } from '../contact-lists/routes'
import { quickSearch } from './quick-search'

export function globalSearchRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  // A static path: Fastify's router prefers it over /contacts/:id.
  api.get(
    '/contacts/quick-search',
    {
      config: { projections: [readModelNames.contactSearch] },
      schema: {
        tags: ['contacts'],
        summary: 'The top bar search: at most 8 contacts the caller may see, by name, DBA, DOT, MC, e-mail or phone',
        querystring: quickSearchQuerySchema,
        response: { 200: z.array(quickSearchHitSchema) },
      },
    },
    async (request) => quickSearch(db, callerOf(request), request.query.q),
  )
}
