import { downloadFileSchema, attachmentMessages, readModelNames } from '@crm/contracts'
import { createLocalFileStorage, notFound, ticketQuery, type HttpApp } from '@crm/platform'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import path from 'node:path'
import { isContactVisible } from '../contacts/find-contact'
import { viewerOf } from '../viewer'
import { attachmentSources, findContactAttachment } from './find-contact-attachment'

const tags = ['attachments']
const fileAnswer = { file: { mediaTypes: ['*/*'], description: 'The file, as it was uploaded' } }
const projections = [readModelNames.contactsList, readModelNames.contactDivisions, ...attachmentSources]

/**
 * POST /activity/download-file {key, contactId} (docs/product.md 7), and GET with the same query for links: a file
 * attached to one of the contact's tasks or activities, for callers who may see the contact. Invisible
 * contacts and unknown keys both answer 404, so neither can be probed. `dataDir` is the command API's
 * (DATA_DIR/files holds what it stored).
 */
export function attachmentRoutes(api: HttpApp, { db, dataDir }: { db: Kysely<unknown>; dataDir: string }): void {
  const files = createLocalFileStorage(path.join(dataDir, 'files'))

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    { key, contactId }: { key: string; contactId: string },
  ) {
    if (!(await isContactVisible(db, viewerOf(request), contactId))) throw notFound('Contact not found')
    const attachment = await findContactAttachment(db, contactId, key)
    const file = attachment ? await files.get(key).catch(() => undefined) : undefined
    if (!attachment || !file) throw notFound(attachmentMessages.notFound)
    return reply
      .header('content-type', attachment.type || 'application/octet-stream')
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(attachment.name)}`)
      .header('x-content-type-options', 'nosniff')
      .send(file.stream)
  }

  api.post(
    '/activity/download-file',
    {
      config: { projections, openapi: fileAnswer },
      schema: { tags, summary: 'Download a file of a task or activity of a contact', body: downloadFileSchema },
    },
    (request, reply) => send(request, reply, request.body),
  )

  // A plain link cannot send a header: it carries an access ticket (?ticket=, single use), never the token.
  api.get(
    '/activity/download-file',
    {
      config: { projections, ticketInQuery: true, openapi: fileAnswer },
      schema: {
        tags,
        summary: 'Download a file of a task or activity of a contact (link form)',
        querystring: downloadFileSchema.extend(ticketQuery.shape),
      },
    },
    (request, reply) => send(request, reply, request.query),
  )
}
