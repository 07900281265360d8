import {
  asOfQuerySchema,
  contactAsOfSchema,
  contactDetailsSchema,
  contactSearchRowSchema,
  historyEntrySchema,
  pagedSchema,
  readModelNames,
} from '@crm/contracts'
import { EXCEL_MEDIA_TYPE, notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { sendXlsx } from '../contact-export/routes'
import { callerOf, countResponse, searchProjections } from '../contact-lists/routes'
import { countContacts, searchContacts } from '../contact-lists/search-contacts'
import { listParams } from '../contact-lists/search-options'
import { viewerOf } from '../viewer'
import { contactCallsRoutes } from './contact-calls-routes'
import { oldCrmRoutes } from './old-crm-routes'
import { findContactHistory } from './contact-history'
import { findContactById, openableContactId } from './find-contact'
import { contactAsOf } from './contact-as-of'

const idParams = z.object({ id: z.uuid() })

export function contactRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  contactCallsRoutes(api, { db })
  oldCrmRoutes(api, { db })
  api.get(
    '/contacts',
    {
      config: {
        projections: searchProjections,
        openapi: { file: { mediaTypes: [EXCEL_MEDIA_TYPE], description: 'With options.exportType excel: the rows' } },
      },
      schema: {
        tags: ['contacts'],
        summary:
          'All Contacts: the contacts of the current division the caller may see, filtered (Advanced Search fields), sorted and paged on the server; with options.exportType excel, the same rows as an .xlsx file',
        querystring: listParams,
        response: { 200: pagedSchema(contactSearchRowSchema) },
      },
    },
    async (request, reply) => {
      // The All Contacts list of the lists (contact_search), so /contacts and its export answer what the list shows.
      const search = { caller: callerOf(request), list: 'contacts' as const, options: request.query.options }
      // The same rows as an Excel file, through the list export (its columns and its 50,000 cap).
      if (search.options.exportType === 'excel') return sendXlsx(db, request, reply, search)
      return searchContacts(db, search)
    },
  )
  // A static path: Fastify's router prefers it over /contacts/:id.
  api.get(
    '/contacts/count',
    {
      config: { projections: searchProjections },
      schema: {
        tags: ['contacts'],
        summary: 'The exact number of contacts GET /contacts shows with these filters (its pages estimate long lists)',
        querystring: listParams,
        response: countResponse,
      },
    },
    async (request) =>
      countContacts(db, { caller: callerOf(request), list: 'contacts', options: request.query.options }),
  )

  api.get(
    '/contacts/:id',
    {
      config: { projections: [readModelNames.contactsList, readModelNames.contactDivisions] },
      schema: {
        summary: 'Contact {id} with its standing in every division; with asOf, as its events stood at that moment',
        tags: ['contacts'],
        params: idParams,
        querystring: asOfQuerySchema,
        response: { 200: z.union([contactDetailsSchema, contactAsOfSchema]) },
      },
    },
    async (request) => {
      // A contact combined into another answers with the survivor (the web then shows its URL).
      const id = await openableContactId(db, viewerOf(request), request.params.id)
      if (id && request.query.asOf) return contactAsOf(db, id, new Date(request.query.asOf))
      const contact = id ? await findContactById(db, id) : undefined
      if (!contact) throw notFound('Contact not found')
      return contact
    },
  )

  // The earlier release's GET /contacts/{id}/history answers as ever (within /api/v1 paths are only added):
  // the same handler, marked deprecated in the document (docs/decisions/015-api-contract.md).
  for (const [path, deprecated] of [
    ['/contacts/history/:id', false],
    ['/contacts/:id/history', true],
  ] as const) {
    api.get(
      path,
      {
        config: {
          projections: [
            readModelNames.contactsList,
            readModelNames.contactDivisions,
            readModelNames.streamHistory,
            readModelNames.users,
          ],
        },
        schema: {
          summary: 'Who changed what on contact {id}, newest first; with asOf, only what happened by then',
          ...(deprecated && {
            deprecated: true,
            description: 'The earlier path of GET /contacts/history/{id}, answering alike; use that one.',
          }),
          tags: ['contacts'],
          params: idParams,
          querystring: asOfQuerySchema,
          response: { 200: z.array(historyEntrySchema) },
        },
      },
      async (request) => {
        const viewer = viewerOf(request)
        const id = await openableContactId(db, viewer, request.params.id)
        if (!id) throw notFound('Contact not found')
        const asOf = request.query.asOf ? new Date(request.query.asOf) : undefined
        return findContactHistory(db, id, viewer.userId, asOf)
      },
    )
  }
}
