import { statusChangeRowSchema, statusChangesQuerySchema, readModelNames } from '@crm/contracts'
import { EXCEL_MEDIA_TYPE, forbidden, notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { openableContactId } from '../contacts/find-contact'
import { divisionNames } from '../divisions/division-names'
import { mergedFamily } from '../contacts/merged-family'
import { reportDivision } from '../reports/report-scope'
import { viewerOf } from '../viewer'
import { LifecycleProjections as P } from './routes'
import { listStatusChanges } from './status-changes'
import { statusChangesCsv, statusChangesWorkbook } from './status-changes-export'

const tags = ['contact lifecycle']

/** GET /contact-divisions/status-changes: one contact's status history, or the managers' audit (exportable). */
export function statusChangesRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/contact-divisions/status-changes',
    {
      config: {
        projections: [P.list, P.divisions, P.statusHistory, P.users, readModelNames.divisions],
        openapi: {
          file: { mediaTypes: [EXCEL_MEDIA_TYPE, 'text/csv'], description: 'With exportType excel or csv: the rows' },
        },
      },
      schema: {
        tags,
        summary: 'Status changes: of one contact (contactId), or across contacts for managers (audit, exportable)',
        querystring: statusChangesQuerySchema,
        response: { 200: z.object({ rows: z.array(statusChangeRowSchema), total: z.number() }) },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request)
      const query = request.query
      // A division one may not ask a report for is answered as a missing one, not with one's own.
      if (query.divisionId !== undefined) reportDivision(request, query.divisionId)
      let contactIds: string[] | null = null
      if (query.contactId) {
        // A combined contact is read as its survivor, whose history holds both.
        const contactId = await openableContactId(db, viewer, query.contactId)
        if (!contactId) throw notFound('Contact not found')
        contactIds = await mergedFamily(db, contactId)
      } else if (!viewer.seesWholeDivision) {
        // Auditing other people's changes is a manager's screen (docs/product.md 1: managers audit who changed what).
        throw forbidden()
      }
      if (!query.exportType) return listStatusChanges(db, viewer, query, contactIds)
      const { rows } = await listStatusChanges(db, viewer, { ...query, limit: 50_000, first: 0 }, contactIds)
      const day = new Date().toISOString().slice(0, 10)
      const divisionName = await divisionNames(db)
      // Files, not JSON: a string or Buffer payload is sent as it is (the response schema applies to JSON).
      if (query.exportType === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="status-changes-${day}.csv"`)
          .send(statusChangesCsv(rows, divisionName) as never)
      }
      return reply
        .type(EXCEL_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="status-changes-${day}.xlsx"`)
        .send((await statusChangesWorkbook(rows, divisionName)) as never)
    },
  )
}
