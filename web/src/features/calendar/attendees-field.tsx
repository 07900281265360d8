import { MAX_MEETING_ATTENDEES, meetingMessages } from '@crm/contracts'
import { X } from 'lucide-react'
import { useState } from 'react'
import { FormField } from '../../components/ui/form-field'
import { Button } from '../../components/ui/button'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Attendees as chips: an email or a name each, added with Enter or a comma (the server checks again). */
export function AttendeesField({ value, onChange }: { value: string[]; onChange: (next: string[]) => void }) {
  const [draft, setDraft] = useState('')
  const [error, setError] = useState<string | undefined>()
  const add = () => {
    const entry = draft.trim().replace(/,$/, '').trim()
    if (!entry) return
    if (entry.includes('@') && !EMAIL.test(entry)) return setError(meetingMessages.invalidEmail)
    if (value.length >= MAX_MEETING_ATTENDEES) return setError(meetingMessages.tooManyAttendees)
    if (!value.includes(entry)) onChange([...value, entry])
    setDraft('')
    setError(undefined)
  }
  return (
    <FormField id="meeting-attendees" label="Attendees" error={error} hint="Press Enter after each email or name.">
      <div className="flex min-h-8 flex-wrap items-center gap-1 rounded-md border border-input bg-surface px-1.5 py-1 shadow-xs focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/15">
        {value.map((a) => (
          <span key={a} className="flex items-center gap-0.5 rounded bg-muted py-px pr-0.5 pl-1.5 text-xs">
            {a}
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove ${a}`}
              onClick={() => onChange(value.filter((x) => x !== a))}
            >
              <X />
            </Button>
          </span>
        ))}
        <input
          id="meeting-attendees"
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value)
            setError(undefined)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ',') {
              e.preventDefault()
              add()
            }
            if (e.key === 'Backspace' && !draft && value.length > 0) onChange(value.slice(0, -1))
          }}
          onBlur={add}
          className="h-6 min-w-32 flex-1 bg-transparent px-1 text-[13px] outline-none"
        />
      </div>
    </FormField>
  )
}
