import { creditApplicationPath, creditApplicationSources, type CreditApplicationSource } from '@crm/contracts'
import { isInlineType, type FileStorage } from '@crm/platform'
import { sql, type Kysely } from 'kysely'
import { findContactAttachment } from '../attachments/find-contact-attachment'
import { isContactVisible } from '../contacts/find-contact'
import { findBusinessCard } from '../contacts/business-card-download'
import { findApplication } from '../credit-applications/find-applications'
import { canReadReceipt } from '../expenses/expense-visibility'
import { renderApplicationPdf } from '../credit-applications/preview-pdf'
import type { Viewer } from '../viewer'

/** A file as the viewer gets it, once its owner has said the caller may see it. */
export interface OwnedFile {
  name: string
  contentType: string
  bytes: Buffer
  /** Where the owner serves the same file. */
  url: string
}

/**
 * Who owns a file the viewer names (docs/decisions/021): each owner reads its own kind of name and authorizes it
 * through the record it belongs to; a name no owner reads, or a record the caller may not see, is undefined
 * (answered 404 alike). A new kind of file (expense receipts) is one more entry.
 */
export interface FileOwner {
  /** The name's first segment. */
  prefix: string
  open(fileName: string, viewer: Viewer): Promise<OwnedFile | undefined>
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

async function toBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks)
}

/** `credit-application-preview/<source>/<id>.pdf`: the application's PDF, for those who may see it. */
export const creditApplicationPreviewOwner = (db: Kysely<unknown>): FileOwner => ({
  prefix: 'credit-application-preview',
  async open(fileName, viewer) {
    const [, source, file] = fileName.split('/')
    const id = file?.replace(/\.pdf$/, '')
    if (!creditApplicationSources.includes(source as CreditApplicationSource) || !id || !UUID.test(id)) return undefined
    const application = await findApplication(db, viewer, source as CreditApplicationSource, id)
    if (!application) return undefined
    return {
      name: `credit-application-${id}.pdf`,
      contentType: 'application/pdf',
      bytes: Buffer.from(await renderApplicationPdf(application)),
      url: `/api/v1/${creditApplicationPath(application.source)}/${id}/preview`,
    }
  },
})

/** `attachments/<contactId>/<key>`: a file of a task, activity or shared note of a contact the caller may see. */
export const attachmentOwner = (db: Kysely<unknown>, files: FileStorage): FileOwner => ({
  prefix: 'attachments',
  async open(fileName, viewer) {
    const [, contactId, ...rest] = fileName.split('/')
    const key = rest.join('/')
    if (!contactId || !UUID.test(contactId) || !key) return undefined
    if (!(await isContactVisible(db, viewer, contactId))) return undefined
    const attachment = await findContactAttachment(db, contactId, key)
    const file = attachment ? await files.get(key).catch(() => undefined) : undefined
    if (!attachment || !file) return undefined
    return {
      name: attachment.name,
      contentType: attachment.type || 'application/octet-stream',
      bytes: await toBuffer(file.stream as NodeJS.ReadableStream),
      url: `/api/v1/activity/download-file?key=${encodeURIComponent(key)}&contactId=${contactId}`,
    }
  },
})

/** `business-cards/<contactId>/<documentKey>`: a card the contact names, for those who may see the contact. */
export const businessCardOwner = (db: Kysely<unknown>, files: FileStorage): FileOwner => ({
  prefix: 'business-cards',
  async open(fileName, viewer) {
    const [, contactId, documentKey, ...rest] = fileName.split('/')
    if (!contactId || !UUID.test(contactId) || !documentKey || rest.length > 0) return undefined
    if (!(await isContactVisible(db, viewer, contactId))) return undefined
    const card = await findBusinessCard(db, contactId, documentKey)
    const file = card ? await files.get(documentKey).catch(() => undefined) : undefined
    if (!card || !file) return undefined
    return {
      name: card.fileName,
      // Only an image or a PDF is shown; a card of another type is a download (as GET /contacts/business-card).
      contentType: isInlineType(card.contentType) ? card.contentType : 'application/octet-stream',
      bytes: await toBuffer(file.stream as NodeJS.ReadableStream),
      url: `/api/v1/contacts/business-card?${new URLSearchParams({ documentKey, contactId })}`,
    }
  },
})

/** `receipts/<key>`: an expense's receipt, for whoever may see the expense (before it is filed, its uploader). */
export const receiptOwner = (db: Kysely<unknown>, files: FileStorage): FileOwner => ({
  prefix: 'receipts',
  async open(fileName, viewer) {
    const key = fileName.slice('receipts/'.length)
    if (!key || key.includes('/') || !(await canReadReceipt(db, viewer, key))) return undefined
    const { rows } = await sql<{ name: string; content_type: string }>`
      select name, content_type from expense_receipts where key = ${key}`.execute(db)
    const file = rows[0] ? await files.get(key).catch(() => undefined) : undefined
    if (!rows[0] || !file) return undefined
    return {
      name: rows[0].name,
      contentType: rows[0].content_type || 'application/octet-stream',
      bytes: await toBuffer(file.stream as NodeJS.ReadableStream),
      url: `/file-viewer?fileName=${encodeURIComponent(fileName)}`,
    }
  },
})
