import { messages, RedFlagStatus } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { Flag } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { formatDate } from '../../lib/format-date'
import { redFlagsQuery, contactCommands } from './lifecycle-api'
import { useContactCommand } from '../../lib/use-contact-command'

const SHOWN = 5

/** Red flags: raise with a note, resolve; open ones first (the list shows a flag icon while any is open). */
export function RedFlagsCard({ contactId }: { contactId: string }) {
  const { data = [] } = useQuery(redFlagsQuery(contactId))
  const [note, setNote] = useState('')
  const [error, setError] = useState<string>()
  const [all, setAll] = useState(false)
  const command = useContactCommand(contactId, { onDone: () => setNote(''), onFieldErrors: (e) => setError(e.note) })
  const raise = () => {
    if (!note.trim()) return setError(messages.enterNote)
    command.mutate(() => contactCommands.raiseRedFlag({ contactId, note }))
  }
  return (
    <Card aria-label="Red flags">
      <CardHeader>
        <CardTitle className="flex items-center gap-1.5">
          <Flag className="size-3.5 text-danger" /> Red flags
        </CardTitle>
        <span className="text-xs text-muted-foreground tabular">
          {data.filter((f) => f.status === RedFlagStatus.Open).length} open
        </span>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {(all ? data : data.slice(0, SHOWN)).map((f) => (
          <div key={f.id} className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className={f.status === RedFlagStatus.Open ? '' : 'text-muted-foreground line-through'}>{f.note}</p>
              <p className="text-xs text-muted-foreground">
                {f.raisedByName ?? 'System'} · {formatDate(f.raisedAt)}
                {f.resolution && ` · ${f.resolution}`}
              </p>
            </div>
            {f.status === RedFlagStatus.Open ? (
              <Button
                size="sm"
                onClick={() => command.mutate(() => contactCommands.resolveRedFlag(f.id, { contactId }))}
              >
                Resolve
              </Button>
            ) : (
              <Badge variant="success">Resolved</Badge>
            )}
          </div>
        ))}
        {data.length > SHOWN && (
          <Button variant="link" size="sm" className="self-start" onClick={() => setAll(!all)}>
            {all ? 'Show fewer' : `Show all ${data.length}`}
          </Button>
        )}
        <div className="flex gap-2 pt-1">
          <Input
            aria-label="Red flag note"
            placeholder="Why is this contact a risk?"
            value={note}
            onChange={(e) => (setNote(e.target.value), setError(undefined))}
            aria-invalid={error ? true : undefined}
          />
          <Button onClick={raise} disabled={command.isPending}>
            Raise
          </Button>
        </div>
        {error && (
          <p role="alert" className="text-xs text-danger">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  )
}
