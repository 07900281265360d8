import {
  addCommentSchema,
  addSharedNoteSchema,
  removeNoteQuerySchema,
  commandAnswerSchema,
  addedToContactAnswerSchema,
} from '@crm/contracts'
import type { EventStore, FileStorage, HttpApp } from '@crm/platform'
import { z } from 'zod'
import { acceptMultipartBody, discardUploads } from '../attachments/multipart-body'
import { actorOf, answerAddToContact, answerContactCommand } from '../contacts/run-contact-command'
import { authorityOf } from './authority'

const idParams = z.object({ id: z.uuid() })

/**
 * Shared notes and comments (docs/product.md 7 "Activities": shared-notes GET, POST, DELETE; comments POST, DELETE,
 * by-contact). Writes here, reads in the query API:
 *   POST   /activity/shared-notes               { contactId, divisionId?, subject?, note, oldCrmNote? }, or
 *                                                multipart: `dataForNote` (that JSON) + up to 5 `attachments`
 *   DELETE /activity/shared-notes/{id}?contactId=
 *   POST   /activity/comments                   { contactId, divisionId?, subject?, note }
 *   DELETE /activity/comments/{id}?contactId=
 */
export function sharedNoteRoutes(api: HttpApp, { store, files }: { store: EventStore; files: FileStorage }): void {
  // Multipart only in this scope (docs/product.md 3: a shared note has attachments). Not awaited: avvio loads it with
  // the enclosing plugin.
  void api.register(async (plain) => {
    const scope = plain as unknown as HttpApp
    await acceptMultipartBody(scope, { files, jsonField: 'dataForNote', fileField: 'attachments' })
    scope.post(
      '/activity/shared-notes',
      {
        schema: {
          response: { 201: addedToContactAnswerSchema },
          tags: ['shared notes'],
          summary: 'Add a shared note to a contact (JSON, or multipart with dataForNote and up to 5 attachments)',
          body: addSharedNoteSchema,
        },
      },
      (request, reply) => {
        const { contactId, ...data } = request.body
        return answerAddToContact(
          store,
          request,
          reply,
          contactId,
          'shared-note',
          (noteId) => ({
            type: 'AddSharedNote',
            actor: actorOf(request),
            noteId,
            data: { ...data, divisionId: data.divisionId ?? request.user.divisionId },
          }),
          // A repeated request keeps the first one's files, not this one's copies.
          () => discardUploads(request, files),
        )
      },
    )
  })
  api.delete(
    '/activity/shared-notes/:id',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        summary: 'Remove shared note {id}',
        tags: ['shared notes'],
        params: idParams,
        querystring: removeNoteQuerySchema,
      },
    },
    (request, reply) =>
      answerContactCommand(store, request, reply, request.query.contactId, {
        type: 'RemoveSharedNote',
        actor: actorOf(request),
        noteId: request.params.id,
        authority: authorityOf(request),
      }),
  )

  api.post(
    '/activity/comments',
    {
      schema: {
        response: { 201: addedToContactAnswerSchema },
        tags: ['comments'],
        summary: 'Comment on a contact',
        body: addCommentSchema,
      },
    },
    (request, reply) => {
      const { contactId, ...data } = request.body
      return answerAddToContact(store, request, reply, contactId, 'comment', (commentId) => ({
        type: 'AddComment',
        actor: actorOf(request),
        commentId,
        data: { ...data, divisionId: data.divisionId ?? request.user.divisionId },
      }))
    },
  )
  api.delete(
    '/activity/comments/:id',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        summary: 'Remove comment {id}',
        tags: ['comments'],
        params: idParams,
        querystring: removeNoteQuerySchema,
      },
    },
    (request, reply) =>
      answerContactCommand(store, request, reply, request.query.contactId, {
        type: 'RemoveComment',
        actor: actorOf(request),
        commentId: request.params.id,
        authority: authorityOf(request),
      }),
  )
}
