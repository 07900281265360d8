import { readModelNames } from '@crm/contracts'
import { createLocalFileStorage, isInlineType, notFound, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import path from 'node:path'
import { z } from 'zod'
import { readModels } from '../read-models'
import { viewerOf } from '../viewer'
import { isContactVisible } from './find-contact'

const query = z.object({ documentKey: z.string().min(1).max(64), contactId: z.uuid() })

/** One of the business cards a contact names (a key alone opens nothing); visibility is the caller's check. */
export async function findBusinessCard(db: Kysely<unknown>, contactId: string, documentKey: string) {
  const row = await readModels(db)
    .selectFrom('contacts_list')
    .select('business_cards')
    .where('id', '=', contactId)
    .executeTakeFirst()
  return (row?.business_cards ?? []).find((c) => c.documentKey === documentKey)
}

/**
 * GET /contacts/business-card: the stored file of one of the contact's business cards. Only keys the contact
 * names are served (so a key alone opens nothing), to callers who may see the contact, with the content type
 * recorded at upload. `files` is the command API's upload directory (DATA_DIR/files).
 */
export function businessCardDownloadRoutes(api: HttpApp, { db, dataDir }: { db: Kysely<unknown>; dataDir: string }) {
  const files = createLocalFileStorage(path.join(dataDir, 'files'))
  api.get(
    '/contacts/business-card',
    {
      config: {
        projections: [readModelNames.contactsList, readModelNames.contactDivisions],
        openapi: {
          file: {
            mediaTypes: ['image/*', 'application/pdf', 'application/octet-stream'],
            description: 'The card: an image or a PDF shown inline, anything else as a download',
          },
        },
      },
      schema: { tags: ['business cards'], summary: 'Download a business card of a contact', querystring: query },
    },
    async (request, reply) => {
      const { documentKey, contactId } = request.query
      if (!(await isContactVisible(db, viewerOf(request), contactId))) throw notFound('Contact not found')
      const card = await findBusinessCard(db, contactId, documentKey)
      const file = card ? await files.get(documentKey).catch(() => undefined) : undefined
      if (!card || !file) throw notFound('Business card not found')
      // Cards stored before types were read from the bytes may carry a declared type: only an image or a PDF
      // is shown inline, anything else is downloaded, and the browser never guesses (nosniff).
      const inline = isInlineType(card.contentType)
      const disposition = `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(card.fileName)}`
      return reply
        .header('content-type', inline ? card.contentType : 'application/octet-stream')
        .header('content-length', String(file.size))
        .header('content-disposition', disposition)
        .header('x-content-type-options', 'nosniff')
        .send(file.stream)
    },
  )
}
