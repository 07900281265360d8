import { accessTicketRequestSchema, accessTicketSchema } from '@crm/contracts'
import { API_PREFIX, issueAccessTicket, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'

/**
 * POST /auth/access-ticket {route}: a single-use, short-lived ticket in the caller's name for a route that is
 * opened without headers (the change feed, download links), so the bearer token never goes into a URL
 * (docs/decisions/015-api-contract.md). The ticket carries the caller's permissions; the route checks them as
 * for a bearer token.
 */
export function accessTicketRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.post(
    '/auth/access-ticket',
    {
      schema: {
        tags: ['auth'],
        summary: 'A single-use ticket for the change feed or a download link (sent as ?ticket=)',
        body: accessTicketRequestSchema,
        response: { 200: accessTicketSchema },
      },
    },
    async (request) => issueAccessTicket(db, request.user, `${API_PREFIX}${request.body.route}`),
  )
}
