import { z } from 'zod'

export const noteAttachmentSchema = z.object({ id: z.string(), key: z.string(), type: z.string(), name: z.string() })

/** A shared note as GET /activity/shared-notes answers it (docs/product.md 3 field names). */
export const sharedNoteRowSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  divisionId: z.number(),
  subject: z.string().nullable(),
  note: z.string(),
  oldCrmNote: z.string().nullable(),
  creationDate: z.string(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  attachments: z.array(noteAttachmentSchema),
})
export type SharedNoteRow = z.infer<typeof sharedNoteRowSchema>

/** GET /activity/shared-notes: a contact's shared notes newest first (the shared-notes timeline), paged. */
export const sharedNotesQuerySchema = z.object({
  contactId: z.uuid(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  first: z.coerce.number().int().min(0).default(0),
})
export const sharedNotesPageSchema = z.object({ rows: z.array(sharedNoteRowSchema), total: z.number() })
export type SharedNotesPage = z.infer<typeof sharedNotesPageSchema>

/** A comment as GET /activity/comments/by-contact/{id} answers it. */
export const commentRowSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  divisionId: z.number(),
  subject: z.string().nullable(),
  note: z.string(),
  creationDate: z.string(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
})
export type CommentRow = z.infer<typeof commentRowSchema>
