import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { messages, type UserOptions } from '@crm/contracts'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Checkbox } from '../../components/ui/checkbox'
import { notify } from '../../lib/notify'
import { saveOptions } from './profile-api'

const switches: { key: string; label: string; hint: string }[] = [
  { key: 'sharedNotesByDefault', label: 'Share notes by default', hint: 'New activity notes start as shared notes.' },
  { key: 'taskReminders', label: 'Task reminders', hint: 'Remind me before tasks and meetings are due.' },
  { key: 'compactTables', label: 'Compact tables', hint: 'Show more rows on screen.' },
]

/** Options save on each change; a failure puts the switch back and says so (docs/product.md section 8). */
export function ProfileOptions({ options }: { options: Record<string, unknown> }) {
  const [values, setValues] = useState<UserOptions>(options as UserOptions)
  const queryClient = useQueryClient()

  async function toggle(key: string, on: boolean) {
    const before = values
    setValues({ ...values, [key]: on })
    try {
      await saveOptions({ [key]: on })
      void queryClient.invalidateQueries({ queryKey: ['users', 'me'] })
    } catch {
      setValues(before)
      notify.error(messages.userOptionsFailed)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Options</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {switches.map(({ key, label, hint }) => (
          <label key={key} className="flex items-start gap-2.5">
            <Checkbox
              className="mt-0.5"
              checked={values[key] === true}
              onCheckedChange={(c) => void toggle(key, c === true)}
            />
            <span>
              <span className="block font-medium">{label}</span>
              <span className="block text-xs text-muted-foreground">{hint}</span>
            </span>
          </label>
        ))}
      </CardContent>
    </Card>
  )
}
