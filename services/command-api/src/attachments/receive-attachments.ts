import type { Multipart } from '@fastify/multipart'
import { attachmentLimits, attachmentMessages, type TaskAttachment } from '@crm/contracts'
import { HttpProblem, badRequest, sniffContentType, type FileStorage } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import { randomUUID } from 'node:crypto'

export interface ReceiveOptions {
  /** The multipart field that carries files; a file under any other field is refused. */
  fileField: string
  /** Single mode (docs/product.md 5): one file at most, 'Only one file is allowed'. */
  single?: boolean
}

export interface ReceivedForm {
  /** The text parts, by field name (the last one wins). */
  fields: Record<string, string>
  /** The stored files, as events name them. */
  attachments: TaskAttachment[]
  /** Bytes of each stored file, by key. */
  sizes: Map<string, number>
}

/** Busboy's own cap sits one file above ours, so that the file too many reaches us and gets SPEC's message. */
export const multipartLimits = {
  fileSize: attachmentLimits.maxBytes,
  files: attachmentLimits.maxFiles + 1,
  fields: 20,
  fieldSize: 1024 * 1024,
  parts: 40,
}

/** A body that is not readable multipart (no boundary, cut short, not multipart at all). */
export const UNREADABLE_UPLOAD = 'The upload could not be read: send it again as multipart/form-data'

const isFileTooLarge = (error: unknown) => (error as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE'
const isFilesLimit = (error: unknown) => (error as { code?: string })?.code === 'FST_FILES_LIMIT'

/**
 * Reads a multipart request (fields and up to 5 files of at most 5,000,000 bytes each, docs/product.md 5) and
 * stores the files through the FileStorage port. All or nothing: when a later part is refused (one file
 * too many, too large, a wrong field) the files already written are removed before the 400 goes out.
 */
export async function receiveAttachments(
  request: FastifyRequest,
  files: FileStorage,
  options: ReceiveOptions,
): Promise<ReceivedForm> {
  const { fileField, single = false } = options
  const max = single ? 1 : attachmentLimits.maxFiles
  const refuse = (message: string, field = fileField) => badRequest(message, { [field]: message })
  const tooMany = () => refuse(single ? attachmentMessages.onlyOne : attachmentMessages.tooMany)
  const fields: Record<string, string> = {}
  const attachments: TaskAttachment[] = []
  const sizes = new Map<string, number>()
  // Where a failure comes from: the parser (the client's body, a 400) or our storage (a 500, logged).
  let storing = false
  try {
    for await (const part of request.parts({ limits: multipartLimits }) as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value)
        continue
      }
      if (part.fieldname !== fileField) throw refuse(attachmentMessages.unexpectedField, part.fieldname)
      const body = await part.toBuffer().catch((error: unknown) => {
        throw isFileTooLarge(error) ? refuse(attachmentMessages.tooLarge) : error
      })
      // A file input left empty still sends a part without a name or bytes: nothing was chosen.
      if (body.length === 0 && !part.filename) continue
      if (attachments.length >= max) throw tooMany()
      const name = (part.filename || 'file').slice(0, 200)
      // The type is read from the bytes; what the client declared is not trusted.
      const type = sniffContentType(body)
      storing = true
      const stored = await files.put({ name, contentType: type, body })
      storing = false
      sizes.set(stored.key, stored.size)
      attachments.push({ id: randomUUID(), key: stored.key, type, name })
    }
  } catch (error) {
    await discardAttachments(files, attachments)
    if (isFileTooLarge(error)) throw refuse(attachmentMessages.tooLarge)
    if (isFilesLimit(error)) throw tooMany()
    if (error instanceof HttpProblem || storing) throw error
    throw refuse(UNREADABLE_UPLOAD)
  }
  return { fields, attachments, sizes }
}

/** Removes stored files that no event names (a refused or repeated command). Best effort. */
export async function discardAttachments(files: FileStorage, attachments: readonly TaskAttachment[]): Promise<void> {
  await Promise.all(attachments.map((a) => files.remove(a.key).catch(() => undefined)))
}
