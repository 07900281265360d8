import { z } from 'zod'
import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '../constants/limits'

/**
 * Attachments (docs/product.md 3 "Attachment: id, key, type, name", 5 "max 5, 5,000,000 bytes each, single mode").
 * Sent as multipart parts; the server stores them and names them by key in the events that use them.
 */
export const attachmentMessages = {
  tooMany: 'You can only upload up to 5 files.',
  onlyOne: 'Only one file is allowed',
  tooLarge: 'A file can be at most 5 MB (5,000,000 bytes).',
  unexpectedField: 'Files are not accepted in this field',
  dataRequired: 'The form data is missing',
  invalidJson: 'The form data is not valid JSON',
  notFound: 'File not found',
  uploadOnly: 'Attach files by uploading them',
  notThisTasks: 'Only files already attached to this task can be kept',
} as const

export const attachmentLimits = { maxFiles: MAX_ATTACHMENTS, maxBytes: MAX_ATTACHMENT_BYTES } as const

/** docs/product.md 9: attachment names are shown cut to 10 characters. */
export const ATTACHMENT_NAME_SHOWN = 10

/** POST /activity/download-file (and GET with the same query): a file of one of the contact's tasks or activities. */
export const downloadFileSchema = z.object({
  key: z.string().min(1).max(64),
  contactId: z.uuid(),
})
export type DownloadFile = z.infer<typeof downloadFileSchema>
