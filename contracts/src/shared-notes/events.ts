/**
 * Shared notes and comments are events of the contact's stream, like activities. A shared note is seen by
 * everyone who sees the contact, across divisions (logistics shows them by default, docs/product.md 6); a comment
 * is a short remark on the contact (subject optional). Both are removed by their author or by a manager of
 * the division they were written in.
 */
export interface NoteAttachment {
  id: string
  key: string
  type: string
  name: string
}

export type SharedNoteAdded = {
  type: 'SharedNoteAdded'
  data: {
    contactId: string
    noteId: string
    divisionId: number
    subject: string | null
    note: string
    /** The note's text as the previous CRM kept it, for notes brought over from it; null for new notes. */
    oldCrmNote: string | null
    createdBy: string
    attachments: NoteAttachment[]
  }
}
export type SharedNoteRemoved = { type: 'SharedNoteRemoved'; data: { contactId: string; noteId: string } }

export type CommentAdded = {
  type: 'CommentAdded'
  data: {
    contactId: string
    commentId: string
    divisionId: number
    subject: string | null
    note: string
    createdBy: string
  }
}
export type CommentRemoved = { type: 'CommentRemoved'; data: { contactId: string; commentId: string } }

export type SharedNoteEvent = SharedNoteAdded | SharedNoteRemoved | CommentAdded | CommentRemoved
