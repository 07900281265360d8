import { LOGISTICS_DIVISION_ID, activityMessages } from '@crm/contracts'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { ListStates } from '../../components/ui/list-states'
import { useDivisionId } from '../../lib/session-store'
import { useMayChange } from '../activities'
import { NoteEntry } from './note-entry'
import { sharedNoteModal } from './note-form-modals'
import { sharedNotesQuery, noteCommands } from './notes-api'
import { useContactCommand } from '../../lib/use-contact-command'

/**
 * The shared-notes timeline (docs/product.md 2): notes everyone working the contact sees, across divisions. Shown
 * by default in logistics (docs/product.md 6); elsewhere behind a Show toggle, loaded only once shown.
 */
export function SharedNotesCard({ contactId }: { contactId: string }) {
  const divisionId = useDivisionId()
  const logistics = divisionId === LOGISTICS_DIVISION_ID
  const [shown, setShown] = useState(logistics)
  const open = logistics || shown
  return (
    <Card aria-label="Shared notes">
      <CardHeader>
        <CardTitle>Shared notes</CardTitle>
        <div className="flex items-center gap-1.5">
          {!logistics && (
            <Button size="sm" variant="ghost" aria-pressed={shown} onClick={() => setShown(!shown)}>
              {shown ? 'Hide' : 'Show'}
            </Button>
          )}
          <Button size="sm" onClick={() => (setShown(true), sharedNoteModal.open({ contactId }))}>
            <Plus /> Add note
          </Button>
        </div>
      </CardHeader>
      {open && <SharedNotesTimeline contactId={contactId} />}
    </Card>
  )
}

function SharedNotesTimeline({ contactId }: { contactId: string }) {
  const query = useInfiniteQuery(sharedNotesQuery(contactId))
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = query
  const mayChange = useMayChange()
  const command = useContactCommand(contactId, { success: activityMessages.sharedNoteDeleted })
  const notes = data?.pages.flatMap((p) => p.rows) ?? []
  return (
    <CardContent className="flex flex-col gap-2">
      <ListStates query={query} what="Shared notes" isEmpty={(data) => data.pages[0]?.rows.length === 0}>
        {() => (
          <ul className="flex flex-col pl-1.5" data-testid="shared-notes-timeline">
            {notes.map((n) => (
              <NoteEntry
                key={n.id}
                entry={n}
                label={`Shared note ${n.subject ?? n.note.slice(0, 40)}`}
                onDelete={
                  mayChange({ authorId: n.createdBy, divisionId: n.divisionId })
                    ? () => command.mutate(() => noteCommands.removeSharedNote(n.contactId, n.id))
                    : undefined
                }
              />
            ))}
          </ul>
        )}
      </ListStates>
      {hasNextPage && (
        <Button size="sm" variant="ghost" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
          Show older notes
        </Button>
      )}
    </CardContent>
  )
}
