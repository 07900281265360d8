import { CommentsCard } from './comments-card'
import { SharedNotesCard } from './shared-notes-card'

/** The contact page's shared-notes timeline and comments, placed together. */
export function SharedNotesAndComments({ contactId }: { contactId: string }) {
  return (
    <>
      <SharedNotesCard contactId={contactId} />
      <CommentsCard contactId={contactId} />
    </>
  )
}
