import { contactDiffQuerySchema, contactDiffSchema, readModelNames } from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { openableContactId } from '../contacts/find-contact'
import { viewerOf } from '../viewer'
import { contactDiff } from '../contacts/contact-as-of'

/** The time-travel routes beside GET /contacts/{id}?asOf= (which lives with the contact's own route). */
export function timeTravelRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/contacts/:id/diff',
    {
      config: { projections: [readModelNames.contactsList, readModelNames.streamHistory, readModelNames.users] },
      schema: {
        summary: 'Which fields of contact {id} differ between two moments (to: now if left out), and who changed them',
        tags: ['contacts'],
        params: z.object({ id: z.uuid() }),
        querystring: contactDiffQuerySchema,
        response: { 200: contactDiffSchema },
      },
    },
    async (request) => {
      const id = await openableContactId(db, viewerOf(request), request.params.id)
      if (!id) throw notFound('Contact not found')
      const { from, to } = request.query
      return contactDiff(db, id, new Date(from), to ? new Date(to) : new Date())
    },
  )
}
