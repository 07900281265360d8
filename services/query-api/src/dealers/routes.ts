import {
  contactDetailsSchema,
  dealerCategories,
  dealerDuplicateAnswerSchema,
  dealerDuplicateQuerySchema,
  dealerMessages,
  dealerRowSchema,
  listCountSchema,
  pagedSchema,
  readModelNames,
} from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { callerOf } from '../contact-lists/routes'
import { findContactById, openableContactId } from '../contacts/find-contact'
import { viewerOf } from '../viewer'
import { dealerListParams } from './dealer-options'
import { checkDealerDuplicate } from './dealer-duplicates'
import { countDealers, searchDealers } from './search-dealers'

const tags = ['dealers']
const listProjections = [readModelNames.contactSearch, readModelNames.users] as const

/** docs/product.md 7 "/ts-dealers": the dealers table, the duplicate check and one dealer. */
export function dealerRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/ts-dealers',
    {
      config: { projections: listProjections },
      schema: {
        tags,
        summary: 'Dealers of the current division the caller may see, filtered (the filter card), sorted and paged',
        querystring: dealerListParams,
        response: { 200: pagedSchema(dealerRowSchema) },
      },
    },
    async (request) => searchDealers(db, callerOf(request), request.query.options),
  )

  api.get(
    '/ts-dealers/count',
    {
      config: { projections: listProjections },
      schema: {
        tags,
        summary: 'The exact number of dealers GET /ts-dealers shows with these filters',
        querystring: dealerListParams,
        response: { 200: listCountSchema },
      },
    },
    async (request) => countDealers(db, callerOf(request), request.query.options),
  )

  api.get(
    '/ts-dealers/duplicate-check',
    {
      config: { projections: [readModelNames.contactsList, readModelNames.contactDivisions] },
      schema: {
        tags,
        summary: 'The dealer with this name, phone and (optional) zip already in the CRM, if any',
        querystring: dealerDuplicateQuerySchema,
        response: { 200: dealerDuplicateAnswerSchema },
      },
    },
    async (request) => checkDealerDuplicate(db, viewerOf(request), request.query),
  )

  api.get(
    '/ts-dealers/:id',
    {
      config: { projections: [readModelNames.contactsList, readModelNames.contactDivisions] },
      schema: {
        tags,
        summary: 'Dealer {id} (a contact of category 4 or 5) with its standing in every division',
        params: z.object({ id: z.uuid() }),
        response: { 200: contactDetailsSchema },
      },
    },
    async (request) => {
      const id = await openableContactId(db, viewerOf(request), request.params.id)
      const dealer = id ? await findContactById(db, id) : undefined
      if (!dealer || !(dealerCategories as readonly number[]).includes(dealer.contactCategory)) {
        throw notFound(dealerMessages.notFound)
      }
      return dealer
    },
  )
}
