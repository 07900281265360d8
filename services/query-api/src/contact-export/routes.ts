import { contactListNames } from '@crm/contracts'
import { EXCEL_MEDIA_TYPE, forbidden, worksAcrossDivisions, type HttpApp } from '@crm/platform'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { PassThrough } from 'node:stream'
import { z } from 'zod'
import { callerOf, searchProjections } from '../contact-lists/routes'
import type { SearchRequest } from '../contact-lists/search-contacts'
import { listParams, searchParams } from '../contact-lists/search-options'
import { exportPages } from './export-pages'
import { writeContactsXlsx } from './write-xlsx'

const XLSX = EXCEL_MEDIA_TYPE
const ids = {
  // The selected rows, when the user picked some (comma-separated ids).
  ids: z
    .string()
    .max(40_000)
    .optional()
    .transform((v) => (v ? v.split(',') : undefined))
    .pipe(z.array(z.uuid()).max(1000).optional()),
}
const exportQuery = searchParams.extend(ids)
const listExportQuery = listParams.extend(ids)

export function sendXlsx(db: Kysely<unknown>, request: FastifyRequest, reply: FastifyReply, search: SearchRequest) {
  // docs/product.md section 6: exporting is executive work (executives and administrators).
  if (!worksAcrossDivisions(request.user)) throw forbidden()
  const out = new PassThrough()
  writeContactsXlsx(out, exportPages(db, search)).catch((error: unknown) => {
    request.log.error({ err: error }, 'contact export failed')
    out.destroy(error as Error)
  })
  const day = new Date().toISOString().slice(0, 10)
  return reply.type(XLSX).header('content-disposition', `attachment; filename="contacts-${day}.xlsx"`).send(out)
}

/** Export Contacts To Excel (docs/product.md section 2): the list's rows, streamed as .xlsx, at most 50,000. */
export function contactExportRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  const schema = { tags: ['contact export'], querystring: exportQuery }
  const listSchema = { ...schema, querystring: listExportQuery }
  const config = {
    projections: searchProjections,
    openapi: { file: { mediaTypes: [XLSX], description: 'The rows as an .xlsx workbook' } },
  }
  api.get(
    '/contact-lists/:list/export',
    {
      config,
      schema: {
        summary: 'A contact list as an Excel file',
        ...listSchema,
        params: z.object({ list: z.enum(contactListNames) }),
      },
    },
    async (request, reply) => {
      const { options, ids } = request.query
      return sendXlsx(db, request, reply, { caller: callerOf(request), list: request.params.list, options, ids })
    },
  )
  const searchSchema = { summary: 'Advanced Search results as an Excel file', ...schema }
  api.get('/advanced-search/export', { config, schema: searchSchema }, async (request, reply) => {
    const { options, ids } = request.query
    return sendXlsx(db, request, reply, { caller: callerOf(request), options, ids })
  })
}
