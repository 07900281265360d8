import multipart from '@fastify/multipart'
import { attachmentMessages, commandAnswerSchema } from '@crm/contracts'
import { badRequest, isInlineType, type EventStore, type FileStorage, type HttpApp } from '@crm/platform'
import {
  UNREADABLE_UPLOAD,
  discardAttachments,
  multipartLimits,
  receiveAttachments,
} from '../attachments/receive-attachments'
import { z } from 'zod'
import { actorOf, answerContactCommand } from './run-contact-command'

const tags = ['business cards']

/** Business card upload (multipart field `file`, one image or PDF up to 5 MB) and delete by document key. */
export function businessCardRoutes(api: HttpApp, { store, files }: { store: EventStore; files: FileStorage }): void {
  // Multipart only in this scope: other routes keep answering JSON only. Not awaited: avvio loads it with
  // the enclosing plugin.
  void api.register(async (plain) => {
    const scope = plain as unknown as HttpApp
    await scope.register(multipart, { limits: multipartLimits })
    scope.post(
      '/contacts/upload-business-card/:contactId',
      {
        schema: {
          response: { 200: commandAnswerSchema },
          summary: 'Upload the business card of contact {contactId} (multipart field file)',
          tags,
          params: z.object({ contactId: z.uuid() }),
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw badRequest(UNREADABLE_UPLOAD, { file: UNREADABLE_UPLOAD })
        // One file (a second is refused with 'Only one file is allowed', not dropped), its type from its bytes.
        const { attachments, sizes } = await receiveAttachments(request, files, { fileField: 'file', single: true })
        const [card] = attachments
        if (!card) throw badRequest(attachmentMessages.onlyOne, { file: 'Choose an image or a PDF' })
        if (!isInlineType(card.type)) {
          await discardAttachments(files, attachments)
          throw badRequest('Unsupported file type', { file: 'Upload an image or a PDF' })
        }
        try {
          return await answerContactCommand(store, request, reply, request.params.contactId, {
            type: 'UploadBusinessCard',
            actor: actorOf(request),
            documentKey: card.key,
            fileName: card.name,
            contentType: card.type,
            size: sizes.get(card.key) ?? 0,
          })
        } catch (error) {
          // Refused (a contact one may not see, a missing one): the file goes with the refusal.
          await discardAttachments(files, attachments)
          throw error
        }
      },
    )
  })

  api.delete(
    '/contacts/delete-business-card',
    {
      schema: {
        response: { 200: commandAnswerSchema },
        summary: "Delete a contact's business card",
        tags,
        querystring: z.object({ documentKey: z.string().max(64), contactId: z.uuid() }),
      },
    },
    async (request, reply) => {
      const { documentKey, contactId } = request.query
      const answer = await answerContactCommand(store, request, reply, contactId, {
        type: 'RemoveBusinessCard',
        actor: actorOf(request),
        documentKey,
      })
      // The event is the record; the file goes once the contact no longer names it.
      await files.remove(documentKey).catch(() => undefined)
      return answer
    },
  )
}
