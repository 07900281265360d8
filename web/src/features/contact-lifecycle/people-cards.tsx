import { messages } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { formatDateTime } from '../../lib/format-date'
import { useContactCommand } from '../../lib/use-contact-command'
import { additionalContactsQuery, personalNotesQuery, contactCommands } from './lifecycle-api'

/** Additional contacts: contact person, email, phones. */
export function AdditionalContactsCard({ contactId }: { contactId: string }) {
  const { data = [] } = useQuery(additionalContactsQuery(contactId))
  const [draft, setDraft] = useState({ contactPerson: '', email: '', businessPhone: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const command = useContactCommand(contactId, {
    onDone: () => setDraft({ contactPerson: '', email: '', businessPhone: '' }),
    onFieldErrors: setErrors,
  })
  const field = (key: keyof typeof draft, label: string) => (
    <Input
      aria-label={label}
      placeholder={label}
      value={draft[key]}
      aria-invalid={errors[key] ? true : undefined}
      onChange={(e) => (setDraft({ ...draft, [key]: e.target.value }), setErrors({}))}
    />
  )
  return (
    <Card aria-label="Additional contacts">
      <CardHeader>
        <CardTitle>Additional contacts</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {data.map((a) => (
          <div key={a.id} className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium">{a.contactPerson}</p>
              <p className="text-xs text-muted-foreground">
                {[a.email, a.businessPhone, a.mobilePhone].filter(Boolean).join(' · ') || '—'}
              </p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${a.contactPerson}`}
              onClick={() => command.mutate(() => contactCommands.removeAdditionalContact(contactId, a.id))}
            >
              <Trash2 />
            </Button>
          </div>
        ))}
        <div className="grid grid-cols-3 gap-2 pt-1">
          {field('contactPerson', 'Contact person')}
          {field('email', 'Email')}
          {field('businessPhone', 'Phone')}
        </div>
        {Object.values(errors)[0] && (
          <p role="alert" className="text-xs text-danger">
            {Object.values(errors)[0]}
          </p>
        )}
        <Button
          size="sm"
          className="self-end"
          onClick={() => command.mutate(() => contactCommands.addAdditionalContact({ contactId, ...draft }))}
        >
          Add contact
        </Button>
      </CardContent>
    </Card>
  )
}

/** Personal notes: private to the signed-in user. */
export function PersonalNotesCard({ contactId }: { contactId: string }) {
  const { data = [] } = useQuery(personalNotesQuery(contactId))
  const [note, setNote] = useState('')
  const [error, setError] = useState<string>()
  const command = useContactCommand(contactId, { onDone: () => setNote(''), onFieldErrors: (e) => setError(e.note) })
  return (
    <Card aria-label="Personal notes">
      <CardHeader>
        <CardTitle>Personal notes</CardTitle>
        <span className="text-xs text-muted-foreground">Only you see these</span>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {data.map((n) => (
          <div key={n.id} className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="whitespace-pre-wrap">{n.note}</p>
              <p className="text-xs text-muted-foreground tabular">{formatDateTime(n.updatedAt)}</p>
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Delete note"
              onClick={() => command.mutate(() => contactCommands.removePersonalNote(contactId, n.id))}
            >
              <Trash2 />
            </Button>
          </div>
        ))}
        <div className="flex gap-2">
          <Input
            aria-label="Personal note"
            placeholder="A note for yourself"
            value={note}
            onChange={(e) => (setNote(e.target.value), setError(undefined))}
          />
          <Button
            onClick={() =>
              note.trim()
                ? command.mutate(() => contactCommands.addPersonalNote({ contactId, note }))
                : setError(messages.enterNote)
            }
          >
            Add
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
