import { contactDetailsSchema, contactListRowSchema, historyEntrySchema, pagedSchema } from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { Projections } from '../read-models'
import { viewerOf } from '../viewer'
import { findContactHistory } from './contact-history'
import { findContactById, isContactVisible } from './find-contact'
import { survivorOf } from './merged-family'
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
        summary: 'Contacts of the current division the caller may see, paged and sorted on the server',
        querystring: contactListParams,
        response: { 200: pagedSchema(contactListRowSchema) },
      },
    },
    async (request) => listContacts(db, { viewer: viewerOf(request), options: request.query.options }),
  )

  api.get(
    '/contacts/:id',
    {
      config: { projections: [Projections.contactsList, Projections.contactDivisions] },
      schema: { tags: ['contacts'], params: idParams, response: { 200: contactDetailsSchema } },
    },
    async (request) => {
      const viewer = viewerOf(request)
      let id = request.params.id
      // A contact combined into another answers with the survivor (the web then shows its URL).
      if (!(await isContactVisible(db, viewer, id))) id = (await survivorOf(db, id)) ?? id
      const contact = (await isContactVisible(db, viewer, id)) ? await findContactById(db, id) : undefined
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
      const { id } = request.params
      const viewer = viewerOf(request)
      if (!(await isContactVisible(db, viewer, id))) throw notFound('Contact not found')
      return findContactHistory(db, id, viewer.userId)
    },
  )
}
