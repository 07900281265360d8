import {
  LOGISTICS_DIVISION_ID,
  contactDetailsSchema,
  contactSearchRowSchema,
  logisticsListNames,
  logisticsMessages,
  pagedSchema,
  readModelNames,
} from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { callerOf, countResponse, searchProjections } from '../contact-lists/routes'
import { countContacts, searchContacts } from '../contact-lists/search-contacts'
import { listParams } from '../contact-lists/search-options'
import { findContactById, isContactVisible } from '../contacts/find-contact'
import { viewerOf } from '../viewer'
import { logisticsListDefinitions } from './customer-list-definitions'

const tags = ['logistics customers']
const idParams = z.object({ id: z.uuid() })

/** The logistics customers (docs/product.md 7): a list per name, paged like the contacts table, and one customer. */
export function logisticsCustomerRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  // Static paths per list: Fastify's router prefers them over /customers-logistic/:id.
  for (const list of logisticsListNames) {
    const definition = logisticsListDefinitions[list]
    api.get(
      `/customers-logistic/${list}`,
      {
        config: { projections: searchProjections },
        schema: {
          tags,
          summary: `The ${list} list of logistics customers, filtered, sorted and paged`,
          querystring: listParams,
          response: { 200: pagedSchema(contactSearchRowSchema) },
        },
      },
      async (request) => searchContacts(db, { caller: callerOf(request), definition, options: request.query.options }),
    )
    api.get(
      `/customers-logistic/${list}/count`,
      {
        config: { projections: searchProjections },
        schema: {
          tags,
          summary: `The exact number of logistics customers of the ${list} list with these filters`,
          querystring: listParams,
          response: countResponse,
        },
      },
      async (request) => countContacts(db, { caller: callerOf(request), definition, options: request.query.options }),
    )
  }

  api.get(
    '/customers-logistic/:id',
    {
      config: { projections: [readModelNames.contactsList, readModelNames.contactDivisions] },
      schema: {
        tags,
        summary: 'Logistics customer {id}: the contact, its toggles and its standing in every division',
        params: idParams,
        response: { 200: contactDetailsSchema },
      },
    },
    async (request) => {
      const id = request.params.id
      const visible = await isContactVisible(db, viewerOf(request), id)
      const contact = visible ? await findContactById(db, id) : undefined
      if (!contact?.contactDivisionData.some((d) => d.divisionId === LOGISTICS_DIVISION_ID)) {
        throw notFound(logisticsMessages.customerNotFound)
      }
      return contact
    },
  )
}
