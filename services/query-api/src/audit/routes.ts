import { auditPageSchema, auditQuerySchema, nameDivisionMentions, type AuditPage, readModelNames } from '@crm/contracts'
import { EXCEL_MEDIA_TYPE, forbidden, notFound, type HttpApp } from '@crm/platform'
import ExcelJS from 'exceljs'
import { sql, type Kysely } from 'kysely'
import { csvLine } from '../common/csv'
import { openableContactId } from '../contacts/find-contact'
import { mergedFamily } from '../contacts/merged-family'
import { viewerOf } from '../viewer'
import { auditExportColumns, auditExportRow, auditScope, listAudit } from './audit'
import { recordVisibilityProjections } from './record-visibility'

const EXPORT_LIMIT = 50_000

async function divisionNames(db: Kysely<unknown>): Promise<Map<number, string>> {
  const { rows } = await sql<{ division_id: number; name: string }>`select division_id, name from divisions`.execute(db)
  return new Map(rows.map((r) => [r.division_id, r.name]))
}

/** Summaries mention divisions by id; people read today's names. */
function named(page: AuditPage, names: Map<number, string>): AuditPage {
  return {
    ...page,
    rows: page.rows.map((r) => ({ ...r, summary: nameDivisionMentions(r.summary, (id) => names.get(id)) })),
  }
}

/**
 * GET /audit: every change of every record (docs/decisions/033). With contactId, one contact's story for
 * anyone who may open the contact (404 otherwise, as for a missing one); without it, managers, analysts,
 * executives and administrators, each within their scope. Exportable as Excel or CSV.
 */
export function auditRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/audit',
    {
      config: {
        projections: [
          readModelNames.streamHistory,
          readModelNames.users,
          readModelNames.contactsList,
          readModelNames.divisions,
          ...recordVisibilityProjections,
        ],
        openapi: {
          file: { mediaTypes: [EXCEL_MEDIA_TYPE, 'text/csv'], description: 'With exportType excel or csv: the rows' },
        },
      },
      schema: {
        tags: ['audit'],
        summary: 'Every change of every record: who (and who signed in as them), when, from where; exportable',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request)
      const query = request.query
      let contactIds: string[] | null = null
      let scope = auditScope(viewer)
      if (query.contactId) {
        const contactId = await openableContactId(db, viewer, query.contactId)
        if (!contactId) throw notFound('Contact not found')
        contactIds = await mergedFamily(db, contactId)
        // Whoever may open the contact reads its whole story.
        scope = sql`true`
      }
      if (!scope) throw forbidden()
      const names = await divisionNames(db)
      if (!query.exportType) return named(await listAudit(db, viewer, query, contactIds, scope), names)
      const { rows } = named(
        await listAudit(db, viewer, { ...query, limit: EXPORT_LIMIT, first: 0 }, contactIds, scope),
        names,
      )
      const lines = rows.map((r) => auditExportRow(r, (id) => names.get(id) ?? String(id)))
      const file = `changes-${new Date().toISOString().slice(0, 10)}`
      if (query.exportType === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file}.csv"`)
          .send([auditExportColumns, ...lines].map(csvLine).join('') as never)
      }
      const workbook = new ExcelJS.Workbook()
      const sheet = workbook.addWorksheet('Changes', { views: [{ state: 'frozen', ySplit: 1 }] })
      sheet.addRow([...auditExportColumns]).font = { bold: true }
      for (const line of lines) sheet.addRow(line)
      sheet.columns.forEach((column, i) => (column.width = [20, 22, 22, 16, 32, 14, 60, 26, 44][i]))
      return reply
        .type(EXCEL_MEDIA_TYPE)
        .header('content-disposition', `attachment; filename="${file}.xlsx"`)
        .send(Buffer.from(await workbook.xlsx.writeBuffer()) as never)
    },
  )
}
