import { opportunityListSchema, opportunityMessages, opportunityRowSchema, readModelNames } from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { isContactVisible } from '../contacts/find-contact'
import { viewerOf } from '../viewer'
import { listOpportunities, opportunityListParams, opportunityPageSchema } from './list-opportunities'
import { toOpportunityRow, visibleOpportunities, type Row } from './opportunity-rows'

/** Opportunity reads: the opportunities the caller sees, a contact's (the contact page) and one opportunity. */
export function opportunityQueryRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/opportunities',
    {
      config: {
        projections: [readModelNames.opportunities, readModelNames.contactsList, readModelNames.users],
        openapi: { errors: [404] },
      },
      schema: {
        summary: 'The opportunities the caller sees, filtered, sorted and paged (the usual list options)',
        tags: ['opportunities'],
        querystring: opportunityListParams,
        response: { 200: opportunityPageSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request)
      const { contactId } = request.query.options.filter
      // A contact the caller may not see is answered as a missing one, as everywhere.
      if (contactId && !(await isContactVisible(db, viewer, contactId))) throw notFound('Contact not found')
      return listOpportunities(db, viewer, request.query.options)
    },
  )

  api.get(
    '/opportunities/by-contact/:id',
    {
      config: { projections: [readModelNames.opportunities] },
      schema: {
        summary: 'The opportunities of a contact the caller sees',
        tags: ['opportunities'],
        params: z.object({ id: z.uuid() }),
        response: { 200: opportunityListSchema },
      },
    },
    async (request) => {
      const viewer = viewerOf(request)
      if (!(await isContactVisible(db, viewer, request.params.id))) throw notFound('Contact not found')
      const { rows } = await sql<Row>`
        select o.*, o.expected_close_date::text as expected_close_date, c.name as contact_name, u.name as user_name
        from opportunities o
        left join contacts_list c on c.id = o.contact_id
        left join users u on u.user_id = o.user_id
        where o.contact_id = ${request.params.id}::uuid and ${visibleOpportunities(viewer)}
        order by o.creation_date desc limit 200`.execute(db)
      return rows.map(toOpportunityRow)
    },
  )

  api.get(
    '/opportunities/:id',
    {
      config: { projections: [readModelNames.opportunities] },
      schema: {
        summary: 'One opportunity the caller sees',
        tags: ['opportunities'],
        params: z.object({ id: z.uuid() }),
        response: { 200: opportunityRowSchema },
      },
    },
    async (request) => {
      const { rows } = await sql<Row>`
        select o.*, o.expected_close_date::text as expected_close_date, c.name as contact_name, u.name as user_name
        from opportunities o
        left join contacts_list c on c.id = o.contact_id
        left join users u on u.user_id = o.user_id
        where o.opportunity_id = ${request.params.id}::uuid and ${visibleOpportunities(viewerOf(request))}`.execute(db)
      if (!rows[0]) throw notFound(opportunityMessages.notFound)
      return toOpportunityRow(rows[0])
    },
  )
}
