import { useState, type FormEvent } from 'react'
import { History } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { fromLocalInput, toLocalInput } from './time-travel-api'

/** "As of" a date and time: the contact page then shows the contact as it stood then. */
export function AsOfPicker({ asOf, onChange }: { asOf: string | null; onChange: (asOf: string | null) => void }) {
  const [value, setValue] = useState(asOf ? toLocalInput(asOf) : '')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const instant = fromLocalInput(value)
    if (instant) onChange(instant)
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <Label htmlFor="as-of">As of</Label>
        <Input
          id="as-of"
          type="datetime-local"
          value={value}
          max={toLocalInput(new Date().toISOString())}
          onChange={(e) => setValue(e.target.value)}
          className="min-h-11 w-[15rem] sm:min-h-9"
        />
      </div>
      <Button type="submit" disabled={!fromLocalInput(value)}>
        <History /> View as of
      </Button>
      {asOf && (
        <Button type="button" variant="ghost" onClick={() => onChange(null)}>
          Back to now
        </Button>
      )}
    </form>
  )
}
