import { ERASED } from '@crm/contracts'
import { useState, type FormEvent, type ReactNode } from 'react'
import { ModalBody, ModalFooter } from './modal/modal-layout'
import { Button } from './ui/button'
import { FormField } from './ui/form-field'
import { Input } from './ui/input'

/**
 * Right to be forgotten (docs/decisions/035), the window's form: what will read "erased", the request's
 * reference, and the record's name typed to confirm (the erasure cannot be undone, not even from a backup).
 */
export function ErasureForm(props: {
  /** The name the administrator types to confirm. */
  name: string
  /** What is erased, in a sentence ending before "will read erased". */
  what: ReactNode
  /** What stays. */
  stays: string
  pending: boolean
  onErase: (reason: string | null) => void
  onCancel: () => void
}) {
  const [typed, setTyped] = useState('')
  const [reason, setReason] = useState('')
  const confirmed = typed.trim() !== '' && typed.trim() === props.name.trim()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (confirmed) props.onErase(reason.trim() || null)
  }
  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="flex flex-col gap-4 text-sm">
        <p>
          {props.what} will read “{ERASED}” everywhere: on every screen, in exports, in the history and in any backup.{' '}
          {props.stays} This cannot be undone.
        </p>
        <FormField id="erase-reason" label="Request reference (optional)">
          <Input
            id="erase-reason"
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            placeholder="e.g. CCPA request of 11/27/2026"
          />
        </FormField>
        <FormField id="erase-confirm" label={`Type “${props.name}” to confirm`}>
          <Input id="erase-confirm" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
        </FormField>
      </ModalBody>
      <ModalFooter>
        <Button type="button" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={!confirmed || props.pending}>
          Erase personal data
        </Button>
      </ModalFooter>
    </form>
  )
}
