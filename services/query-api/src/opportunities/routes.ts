import { opportunityListSchema, opportunityMessages, opportunityRowSchema } from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { z } from 'zod'
import { isContactVisible } from '../contacts/find-contact'
import { viewerOf } from '../viewer'
import { toOpportunityRow, visibleOpportunities, type Row } from './opportunity-rows'

/** Opportunity reads: a contact's opportunities (the contact page) and one opportunity. */
export function opportunityQueryRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/opportunities/by-contact/:id',
    {
      config: { projections: ['opportunities'] },
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
      config: { projections: ['opportunities'] },
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
