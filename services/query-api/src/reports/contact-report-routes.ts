import {
  insightContactsQuerySchema,
  insightKindIds,
  insightPaths,
  insightQuerySchema,
  insightSchema,
  insightKinds,
  reportContactsPageSchema,
  topTenQuerySchema,
  topTenSchema,
  usMapContactsQuerySchema,
  usMapQuerySchema,
  usMapSchema,
  readModelNames,
} from '@crm/contracts'
import type { HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { contactScopeOf, reportContactsPage } from './contact-scope'
import { insightOf, sliceCondition, topTenOf } from './insights'
import { contactsPerState, inState } from './us-map'

const projections = [readModelNames.contactSearch, readModelNames.users]
const today = () => new Date().toISOString().slice(0, 10)

/**
 * Reports over contacts, read from the contacts table's read model (contact_search): account insights
 * (/accounts-insights/*) and the US map (/map-of-states/*), each with the contacts behind a slice or a state.
 * docs/decisions/036.
 */
export function contactReportRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  for (const kind of insightKindIds) {
    api.get(
      `/accounts-insights/${insightPaths[kind]}`,
      {
        config: { projections },
        schema: {
          summary: `Accounts of a division by ${insightKinds[kind].toLowerCase()}`,
          tags: ['reports'],
          querystring: insightQuerySchema,
          response: { 200: insightSchema },
        },
      },
      async (request) => insightOf(db, await contactScopeOf(db, request, request.query), kind, today()),
    )
  }

  api.get(
    '/accounts-insights/top-ten-accounts',
    {
      config: {
        projections: [
          ...projections,
          readModelNames.opportunities,
          readModelNames.activities,
          readModelNames.logisticsLoads,
        ],
      },
      schema: {
        summary: 'The ten accounts of a division that rank highest on a measure',
        tags: ['reports'],
        querystring: topTenQuerySchema,
        response: { 200: topTenSchema },
      },
    },
    async (request) =>
      topTenOf(db, await contactScopeOf(db, request, request.query), request.query.measure, new Date()),
  )

  api.get(
    '/accounts-insights/contacts',
    {
      config: { projections },
      schema: {
        summary: 'The accounts of one insight slice (accounts_insights_contacts_modal), paged',
        tags: ['reports'],
        querystring: insightContactsQuerySchema,
        response: { 200: reportContactsPageSchema },
      },
    },
    async (request) => {
      const { kind, key, limit, first } = request.query
      const scope = await contactScopeOf(db, request, request.query)
      return reportContactsPage(db, scope, sliceCondition(kind, key, today()), { limit, first })
    },
  )

  api.get(
    '/map-of-states/contacts-per-state',
    {
      config: { projections },
      schema: {
        summary: 'Contacts per US state for a status, a division and a user',
        tags: ['reports'],
        querystring: usMapQuerySchema,
        response: { 200: usMapSchema },
      },
    },
    async (request) => contactsPerState(db, await contactScopeOf(db, request, request.query), request.query.statusId),
  )

  api.get(
    '/map-of-states/contacts',
    {
      config: { projections },
      schema: {
        summary: 'The contacts of one US state (us_map_contacts), paged',
        tags: ['reports'],
        querystring: usMapContactsQuerySchema,
        response: { 200: reportContactsPageSchema },
      },
    },
    async (request) => {
      const { stateId, statusId, limit, first } = request.query
      const scope = await contactScopeOf(db, request, request.query)
      return reportContactsPage(db, scope, inState(stateId, statusId), { limit, first })
    },
  )
}
