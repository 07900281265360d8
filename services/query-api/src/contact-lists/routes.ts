import { contactListNames, contactSearchRowSchema, listCountSchema, pagedSchema, readModelNames } from '@crm/contracts'
import type { HttpApp } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import type { FilterCaller } from '../common/filter-sql'
import { viewerOf } from '../viewer'
import { listVariants } from './list-definitions'
import { countContacts, searchContacts } from './search-contacts'
import { listParams } from './search-options'

/** Read models a contact list reads: X-Min-Position waits for these (contacts_list: the Related Entities count). */
export const searchProjections = [
  readModelNames.contactSearch,
  readModelNames.users,
  readModelNames.contactsList,
] as const

export const callerOf = (request: FastifyRequest): FilterCaller => ({
  ...viewerOf(request),
  permissions: request.user.permissions,
})

const page = { 200: pagedSchema(contactSearchRowSchema) }
/** GET …/count of a contacts table: the exact total its pages estimate (same filters, same visibility). */
export const countResponse = { 200: listCountSchema }
const listParamsOf = z.object({ list: z.enum(contactListNames) })

export function contactListRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/contact-lists/:list',
    {
      config: { projections: searchProjections },
      schema: {
        tags: ['contact lists'],
        summary: 'A contact list of docs/product.md section 2, filtered (Advanced Search fields), sorted and paged',
        params: listParamsOf,
        querystring: listParams,
        response: page,
      },
    },
    async (request) =>
      searchContacts(db, { caller: callerOf(request), list: request.params.list, options: request.query.options }),
  )
  api.get(
    '/contact-lists/:list/count',
    {
      config: { projections: searchProjections },
      schema: {
        tags: ['contact lists'],
        summary:
          'The exact number of contacts of a list with these filters (pages answer an estimate past a few hundred)',
        params: listParamsOf,
        querystring: listParams,
        response: countResponse,
      },
    },
    async (request) =>
      countContacts(db, { caller: callerOf(request), list: request.params.list, options: request.query.options }),
  )
  // docs/product.md section 7: list variants of GET /contacts. Static paths win over /contacts/:id in Fastify's router.
  for (const variant of listVariants) {
    api.get(
      `/contacts/${variant}`,
      {
        config: { projections: searchProjections },
        schema: {
          tags: ['contact lists'],
          summary: `The ${variant} list (a variant of GET /contacts), filtered, sorted and paged`,
          querystring: listParams,
          response: page,
        },
      },
      async (request) =>
        searchContacts(db, { caller: callerOf(request), list: variant, options: request.query.options }),
    )
  }
}
