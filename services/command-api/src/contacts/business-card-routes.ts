import multipart from '@fastify/multipart'
import { MAX_ATTACHMENT_BYTES } from '@crm/contracts'
import { badRequest, type EventStore, type FileStorage, type HttpApp } from '@crm/platform'
import { z } from 'zod'
import { actorOf, answerContactCommand } from './run-contact-command'

const tags = ['business cards']

/** Business card upload (multipart field `file`, one image or PDF up to 5 MB) and delete by document key. */
export function businessCardRoutes(api: HttpApp, { store, files }: { store: EventStore; files: FileStorage }): void {
  // Multipart only in this scope: other routes keep answering JSON only. Not awaited: avvio loads it with
  // the enclosing plugin.
  void api.register(async (plain) => {
    const scope = plain as unknown as HttpApp
    await scope.register(multipart, { limits: { fileSize: MAX_ATTACHMENT_BYTES, files: 1 } })
    scope.post(
      '/contacts/upload-business-card/:contactId',
      { schema: { tags, params: z.object({ contactId: z.uuid() }) } },
      async (request, reply) => {
        const file = await request.file()
        if (!file) throw badRequest('Only one file is allowed', { file: 'Only one file is allowed' })
        const body = await file.toBuffer().catch(() => {
          throw badRequest('The file is larger than 5 MB', { file: 'The file is larger than 5 MB' })
        })
        if (!/^(image\/(png|jpeg|gif|webp)|application\/pdf)$/.test(file.mimetype)) {
          throw badRequest('Unsupported file type', { file: 'Upload an image or a PDF' })
        }
        const stored = await files.put({ name: file.filename, contentType: file.mimetype, body })
        return answerContactCommand(store, request, reply, request.params.contactId, {
          type: 'UploadBusinessCard',
          actor: actorOf(request),
          documentKey: stored.key,
          fileName: file.filename.slice(0, 200),
          contentType: file.mimetype,
          size: stored.size,
        })
      },
    )
  })

  api.delete(
    '/contacts/delete-business-card',
    { schema: { tags, querystring: z.object({ documentKey: z.string().max(64), contactId: z.uuid() }) } },
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
