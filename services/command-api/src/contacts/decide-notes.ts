import { activityMessages, type ContactEvent } from '@crm/contracts'
import { forbidden, notFound } from '@crm/platform'
import type { AddCommentCommand, AddSharedNoteCommand, RemoveCommentCommand, RemoveSharedNoteCommand } from './commands'
import { mayChange } from './decide-activity'
import { assertLive, blankToNull } from './rules'
import type { ContactState } from '@crm/contracts'

type NotesCommand = AddSharedNoteCommand | RemoveSharedNoteCommand | AddCommentCommand | RemoveCommentCommand

/**
 * Shared notes and comments on the contact's stream. Anyone who may work on the contact adds them (the
 * note text is required: 'Please enter note', checked at the edge); the author or a manager of the
 * division they were written in removes them.
 */
export function decideNotes(state: ContactState, command: NotesCommand): ContactEvent[] {
  assertLive(state)
  const contactId = state.contactId!
  const { actor } = command
  switch (command.type) {
    case 'AddSharedNote': {
      const { data } = command
      return [
        {
          type: 'SharedNoteAdded',
          data: {
            contactId,
            noteId: command.noteId,
            divisionId: data.divisionId,
            subject: blankToNull(data.subject),
            note: data.note.trim(),
            oldCrmNote: blankToNull(data.oldCrmNote),
            createdBy: actor.userId,
            attachments: data.attachments ?? [],
          },
        },
      ]
    }
    case 'RemoveSharedNote': {
      const note = state.sharedNotes[command.noteId]
      if (!note) throw notFound(activityMessages.sharedNoteNotFound)
      if (!mayChange(note, actor, command.authority)) throw forbidden()
      return [{ type: 'SharedNoteRemoved', data: { contactId, noteId: command.noteId } }]
    }
    case 'AddComment': {
      const { data } = command
      return [
        {
          type: 'CommentAdded',
          data: {
            contactId,
            commentId: command.commentId,
            divisionId: data.divisionId,
            subject: blankToNull(data.subject),
            note: data.note.trim(),
            createdBy: actor.userId,
          },
        },
      ]
    }
    case 'RemoveComment': {
      const comment = state.comments[command.commentId]
      if (!comment) throw notFound(activityMessages.commentNotFound)
      if (!mayChange(comment, actor, command.authority)) throw forbidden()
      return [{ type: 'CommentRemoved', data: { contactId, commentId: command.commentId } }]
    }
  }
}
