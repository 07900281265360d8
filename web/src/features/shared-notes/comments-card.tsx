import { activityMessages } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { MessageSquarePlus } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { ListStates } from '../../components/ui/list-states'
import { useMayChange } from '../activities'
import { NoteEntry } from './note-entry'
import { commentModal } from './note-form-modals'
import { commentsQuery, noteCommands } from './notes-api'
import { useContactCommand } from '../../lib/use-contact-command'

/** Comments on the contact, newest first; Add comment opens comment_modal (docs/product.md 2). */
export function CommentsCard({ contactId }: { contactId: string }) {
  const comments = useQuery(commentsQuery(contactId))
  const mayChange = useMayChange()
  const command = useContactCommand(contactId, { success: activityMessages.commentDeleted })
  return (
    <Card aria-label="Comments">
      <CardHeader>
        <CardTitle>Comments</CardTitle>
        <Button size="sm" onClick={() => commentModal.open({ contactId })}>
          <MessageSquarePlus /> Add comment
        </Button>
      </CardHeader>
      <CardContent>
        <ListStates query={comments} what="Comments" isEmpty={(data) => data.length === 0}>
          {(data) => (
            <ul className="flex max-h-[360px] flex-col overflow-y-auto pt-0.5 pl-1.5">
              {data.map((c) => (
                <NoteEntry
                  key={c.id}
                  entry={c}
                  label={`Comment ${c.subject ?? c.note.slice(0, 40)}`}
                  onDelete={
                    mayChange({ authorId: c.createdBy, divisionId: c.divisionId })
                      ? () => command.mutate(() => noteCommands.removeComment(c.contactId, c.id))
                      : undefined
                  }
                />
              ))}
            </ul>
          )}
        </ListStates>
      </CardContent>
    </Card>
  )
}
