import { readModelNames } from '@crm/contracts'
import { notFound, createLocalFileStorage, type HttpApp } from '@crm/platform'
import type { Kysely } from 'kysely'
import path from 'node:path'
import { z } from 'zod'
import { attachmentSources } from '../attachments/find-contact-attachment'
import { creditApplicationProjections } from '../credit-applications/find-applications'
import { viewerOf } from '../viewer'
import {
  attachmentOwner,
  businessCardOwner,
  creditApplicationPreviewOwner,
  receiptOwner,
  type FileOwner,
} from './file-owners'

const fileNameQuery = z.object({
  fileName: z
    .string({ error: 'Please give a file name' })
    .min(1, 'Please give a file name')
    .max(500)
    .regex(/^[A-Za-z0-9._\-/]+$/, 'Not a file name'),
})
const decodedFileSchema = z.object({
  url: z.string(),
  key: z.string(),
  base64Data: z.string(),
  contentType: z.string(),
  name: z.string(),
})

/**
 * GET /file-decoder?fileName (docs/product.md 7): the file for the PDF and image viewer as base64, with its key and
 * the owner's own link. Each kind of file is authorized through the record that owns it (file-owners.ts).
 */
export function fileDecoderRoutes(api: HttpApp, { db, dataDir }: { db: Kysely<unknown>; dataDir: string }): void {
  const files = createLocalFileStorage(path.join(dataDir, 'files'))
  const owners: FileOwner[] = [
    attachmentOwner(db, files),
    businessCardOwner(db, files),
    creditApplicationPreviewOwner(db),
    receiptOwner(db, files),
  ]
  api.get(
    '/file-decoder',
    {
      config: {
        projections: [
          ...new Set([
            readModelNames.contactsList,
            readModelNames.contactDivisions,
            ...attachmentSources,
            ...creditApplicationProjections,
            readModelNames.expenses,
          ]),
        ],
        openapi: { errors: [404] },
      },
      schema: {
        tags: ['files'],
        summary: 'A file for the viewer (base64), authorized through the record that owns it',
        querystring: fileNameQuery,
        response: { 200: decodedFileSchema },
      },
    },
    async (request) => {
      const { fileName } = request.query
      const owner = owners.find((o) => fileName.startsWith(`${o.prefix}/`))
      const file = owner && !fileName.includes('..') ? await owner.open(fileName, viewerOf(request)) : undefined
      if (!file) throw notFound('File not found')
      return {
        url: file.url,
        key: fileName,
        base64Data: file.bytes.toString('base64'),
        contentType: file.contentType,
        name: file.name,
      }
    },
  )
}
