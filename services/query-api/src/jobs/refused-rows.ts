import { readModelNames } from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { Readable } from 'node:stream'
import { z } from 'zod'
import { csvLine } from '../common/csv'
import { ownImport } from './own-import'

const PAGE = 5000

/** The refused rows of one import, in line order, a page at a time (an import may refuse many). */
async function* refusedLines(db: Kysely<unknown>, uploadId: string): AsyncGenerator<string> {
  yield csvLine(['line', 'name', 'reason'])
  let after = 0
  for (;;) {
    const { rows } = await sql<{ row: number; name: string | null; reason: string }>`
      select row, name, reason from lead_import_refusals
      where upload_id = ${uploadId} and row > ${after} order by row limit ${PAGE}`.execute(db)
    for (const r of rows) yield csvLine([r.row, r.name, r.reason])
    if (rows.length < PAGE) return
    after = rows[rows.length - 1]!.row
  }
}

/** GET /lead-imports/{id}/refused-rows: the rows an import did not use, as CSV (line in the file, name, why). */
export function refusedRowsRoute(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/lead-imports/:id/refused-rows',
    {
      config: { projections: [readModelNames.leadImports] },
      schema: {
        tags: ['jobs'],
        summary: "The rows a lead import refused, as CSV: each row's line in the file (the header is line 1) and why",
        params: z.object({ id: z.string().max(200) }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const row = await ownImport(db, request.user.userId, request.params.id)
      if (!row) throw notFound('Job not found')
      const name =
        row.file_name
          .replace(/\.csv$/i, '')
          .replace(/[^\w.-]+/g, '_')
          .slice(0, 80) || 'leads'
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-refused-rows.csv"`)
        .send(Readable.from(refusedLines(db, row.upload_id)))
    },
  )
}
