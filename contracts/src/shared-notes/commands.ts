import { z } from 'zod'
import { activityMessages } from '../activities/messages'
import { taskAttachmentSchema } from '../tasks/commands'

const note = z.string({ error: activityMessages.enterNote }).trim().min(1, activityMessages.enterNote).max(10_000)
const subject = z.string().trim().max(300).optional().nullable()

/** POST /activity/shared-notes. */
export const addSharedNoteSchema = z.object({
  contactId: z.uuid(),
  divisionId: z.number().int().positive().optional(),
  subject,
  note,
  oldCrmNote: z.string().trim().max(10_000).optional().nullable(),
  /** Stored files (multipart `attachments`, docs/product.md 5: up to 5). */
  attachments: z.array(taskAttachmentSchema).max(5).default([]),
})
export type AddSharedNoteInput = z.infer<typeof addSharedNoteSchema>

/** POST /activity/comments: subject optional, note required (docs/product.md 3 and 5). */
export const addCommentSchema = z.object({
  contactId: z.uuid(),
  divisionId: z.number().int().positive().optional(),
  subject,
  note,
})
export type AddCommentInput = z.infer<typeof addCommentSchema>

/** DELETE /activity/shared-notes/{id} and /activity/comments/{id}: the contact whose stream holds it. */
export const removeNoteQuerySchema = z.object({ contactId: z.uuid() })
