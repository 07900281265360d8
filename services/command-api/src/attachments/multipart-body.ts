import multipart from '@fastify/multipart'
import { attachmentMessages, type TaskAttachment } from '@crm/contracts'
import { badRequest, type FileStorage, type HttpApp } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import { discardAttachments, multipartLimits, receiveAttachments } from './receive-attachments'

export interface MultipartBodyOptions {
  files: FileStorage
  /** The text field holding the JSON the route's body schema validates (e.g. `dataForTask`). */
  jsonField: string
  /** The file field; the stored files are appended to the body's array of the same name. */
  fileField: string
  single?: boolean
}

/** The uploads of a request in flight, so that a refused request leaves no file behind. */
const uploadsOf = new WeakMap<FastifyRequest, TaskAttachment[]>()

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * Lets the routes of `scope` take multipart as well as JSON: a multipart request's `jsonField` becomes the
 * body and its stored files are listed under `fileField`, before the route's zod schema validates it, so
 * both forms get the same validation and the same field messages. Any answer of 400 or above (validation,
 * a business rule, a crash) removes the files this request stored.
 */
export async function acceptMultipartBody(scope: HttpApp, options: MultipartBodyOptions): Promise<void> {
  const { files, jsonField, fileField, single } = options
  await scope.register(multipart, { limits: multipartLimits })
  // Files are bound to the record they are uploaded for: a request names no file by key (a key of someone
  // else's file would otherwise become downloadable through the caller's own contact).
  const refuseListed = () => badRequest(attachmentMessages.uploadOnly, { [fileField]: attachmentMessages.uploadOnly })
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) {
      const listed = isObject(request.body) ? request.body[fileField] : undefined
      if (Array.isArray(listed) && listed.length > 0) throw refuseListed()
      return
    }
    const { fields, attachments } = await receiveAttachments(request, files, { fileField, single })
    uploadsOf.set(request, attachments)
    const raw = fields[jsonField]
    if (raw === undefined)
      throw badRequest(attachmentMessages.dataRequired, { [jsonField]: attachmentMessages.dataRequired })
    let data: unknown
    try {
      data = JSON.parse(raw)
    } catch {
      throw badRequest(attachmentMessages.invalidJson, { [jsonField]: attachmentMessages.invalidJson })
    }
    if (!isObject(data))
      throw badRequest(attachmentMessages.invalidJson, { [jsonField]: attachmentMessages.invalidJson })
    if (Array.isArray(data[fileField]) && data[fileField].length > 0) throw refuseListed()
    request.body = { ...data, [fileField]: attachments }
  })
  // Before the answer goes out (not after), so a client that sees the 4xx finds no file left behind.
  scope.addHook('onSend', async (request, reply, payload) => {
    const uploads = uploadsOf.get(request)
    if (uploads && uploads.length > 0 && reply.statusCode >= 400) {
      uploadsOf.delete(request)
      await discardAttachments(files, uploads)
    }
    return payload
  })
}

/**
 * The files of a request whose command turned out to be a repeat (same Idempotency-Key): the first run's
 * files are the ones its events name, so this run's copies go.
 */
export async function discardUploads(request: FastifyRequest, files: FileStorage): Promise<void> {
  const uploads = uploadsOf.get(request)
  if (uploads) await discardAttachments(files, uploads)
}
