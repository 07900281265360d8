import { contactDivisionSchema, divisionRecordParamsSchema } from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { findDivisionStandings, openableContactId } from '../contacts/find-contact'
import { viewerOf } from '../viewer'
import { LifecycleProjections as P } from './routes'

/** GET /contact-divisions/{contactId}/{divisionId}: the contact's record in one division (docs/product.md 7). */
export function divisionRecordQueryRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/contact-divisions/:contactId/:divisionId',
    {
      config: { projections: [P.list, P.divisions, P.users] },
      schema: {
        tags: ['contact lifecycle'],
        summary: "The contact's status, assigned user, grade, effort level and stage in one division",
        params: divisionRecordParamsSchema,
        response: { 200: contactDivisionSchema },
      },
    },
    async (request) => {
      const { contactId, divisionId } = request.params
      // The record of a contact the caller may not see, or of a division it is not in, is missing alike.
      const id = await openableContactId(db, viewerOf(request), contactId)
      const record = id && (await findDivisionStandings(db, id)).find((d) => d.divisionId === divisionId)
      if (!record) throw notFound('Contact not found in this division')
      return record
    },
  )
}
