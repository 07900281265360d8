import { ERASED, type ContactDetails } from '@crm/contracts'
import { useState, type FormEvent } from 'react'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { useContactCommand } from '../../lib/use-contact-command'
import { erasePersonalData } from './contacts-api'

/**
 * Right to be forgotten (docs/decisions/035): the administrator types the contact's name to confirm, gives the
 * request's reference, and the personal data is erased for good (it cannot be undone, not even from a backup).
 */
function ErasePersonalData({ props: contact, close }: ModalComponentProps<ContactDetails>) {
  const [typed, setTyped] = useState('')
  const [reason, setReason] = useState('')
  const command = useContactCommand(contact.id, { success: 'Personal data erased', onDone: close })
  const confirmed = typed.trim() === contact.name.trim()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!confirmed) return
    command.mutate(() => erasePersonalData(contact.id, reason.trim() || null))
  }
  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="flex flex-col gap-4 text-sm">
        <p>
          The names, phones, email and street address of <strong>{contact.name}</strong> and of the people listed on it,
          the mail sent to it, the numbers it was called on and what was written about it in activities, notes and red
          flags will read “{ERASED}” everywhere: on every screen, in exports, in the history and in any backup.
          Statuses, dates, amounts and the records themselves stay. This cannot be undone.
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
        <FormField id="erase-confirm" label="Type the contact’s name to confirm">
          <Input id="erase-confirm" value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
        </FormField>
      </ModalBody>
      <ModalFooter>
        <Button type="button" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={!confirmed || command.isPending}>
          Erase personal data
        </Button>
      </ModalFooter>
    </form>
  )
}

export const erasePersonalDataModal = defineModal<ContactDetails>('erase_personal_data', {
  title: 'Erase Personal Data',
  width: 560,
  component: ErasePersonalData,
})
