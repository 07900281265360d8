import { commentRowSchema, sharedNotesPageSchema, sharedNotesQuerySchema, readModelNames } from '@crm/contracts'
import { notFound, type HttpApp } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { isContactVisible } from '../contacts/find-contact'
import { mergedFamily } from '../contacts/merged-family'
import { viewerOf } from '../viewer'
import { listComments, listSharedNotes } from './shared-notes'

/**
 * Reads of shared notes and comments (writes are in the command API):
 *   GET /activity/shared-notes?contactId=&limit=&first=   the shared-notes timeline, newest first, paged
 *   GET /activity/comments/by-contact/{id}?limit=          the contact's comments, newest first
 * Both include contacts combined into the contact, as the activity timeline does.
 */
export function sharedNoteQueryRoutes(api: HttpApp, { db }: { db: Kysely<unknown> }): void {
  const familyOf = async (request: FastifyRequest, contactId: string) => {
    if (!(await isContactVisible(db, viewerOf(request), contactId))) throw notFound('Contact not found')
    return mergedFamily(db, contactId)
  }

  api.get(
    '/activity/shared-notes',
    {
      config: {
        projections: [
          readModelNames.contactsList,
          readModelNames.contactDivisions,
          readModelNames.sharedNotes,
          readModelNames.users,
        ],
      },
      schema: {
        summary: 'The shared notes of a contact',
        tags: ['shared notes'],
        querystring: sharedNotesQuerySchema,
        response: { 200: sharedNotesPageSchema },
      },
    },
    async (request) => {
      const { contactId, ...page } = request.query
      return listSharedNotes(db, await familyOf(request, contactId), page)
    },
  )

  api.get(
    '/activity/comments/by-contact/:id',
    {
      config: {
        projections: [
          readModelNames.contactsList,
          readModelNames.contactDivisions,
          readModelNames.comments,
          readModelNames.users,
        ],
      },
      schema: {
        summary: 'The comments on contact {id}',
        tags: ['comments'],
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: z.array(commentRowSchema) },
      },
    },
    async (request) => listComments(db, await familyOf(request, request.params.id), request.query.limit),
  )
}
