import { contactDetailsSchema, contactListRowSchema, historyEntrySchema, pagedSchema } from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { sendXlsx } from '../contact-export/routes'
import { callerOf } from '../contact-lists/routes'
import { Projections } from '../read-models'
import { viewerOf } from '../viewer'
import { findContactHistory } from './contact-history'
import { findContactById, openableContactId } from './find-contact'
import { contactListParams } from './list-options'
import { listContacts } from './list-contacts'

const idParams = z.object({ id: z.uuid() })

export function contactRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  api.get(
    '/contacts',
    {
      config: { projections: [Projections.contactsList, Projections.contactDivisions, Projections.users] },
      schema: {
        tags: ['contacts'],
        summary:
          'Contacts of the current division the caller may see, paged and sorted on the server; with options.exportType excel, the same rows as an .xlsx file',
        querystring: contactListParams,
        response: { 200: pagedSchema(contactListRowSchema) },
      },
    },
    async (request, reply) => {
      const { options } = request.query
      if (options.exportType === 'excel') {
        // The same rows as an Excel file, through the All Contacts export (its columns and its 50,000 cap).
        const { exportType: _, ...search } = options
        return sendXlsx(db, request, reply, { caller: callerOf(request), list: 'contacts', options: search })
      }
      return listContacts(db, { viewer: viewerOf(request), options })
    },
  )

  api.get(
    '/contacts/:id',
    {
      config: { projections: [Projections.contactsList, Projections.contactDivisions] },
      schema: { tags: ['contacts'], params: idParams, response: { 200: contactDetailsSchema } },
    },
    async (request) => {
      // A contact combined into another answers with the survivor (the web then shows its URL).
      const id = await openableContactId(db, viewerOf(request), request.params.id)
      const contact = id ? await findContactById(db, id) : undefined
      if (!contact) throw notFound('Contact not found')
      return contact
    },
  )

  api.get(
    '/contacts/:id/history',
    {
      config: {
        projections: [
          Projections.contactsList,
          Projections.contactDivisions,
          Projections.streamHistory,
          Projections.users,
        ],
      },
      schema: { tags: ['contacts'], params: idParams, response: { 200: z.array(historyEntrySchema) } },
    },
    async (request) => {
      const viewer = viewerOf(request)
      const id = await openableContactId(db, viewer, request.params.id)
      if (!id) throw notFound('Contact not found')
      return findContactHistory(db, id, viewer.userId)
    },
  )
}
