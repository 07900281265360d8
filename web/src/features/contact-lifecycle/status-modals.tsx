import {
  ContactStatus,
  EXECUTIVE_DIVISION_ID,
  GIVE_UP_OTHER,
  LOGISTICS_DIVISION_ID,
  contactStatusNames,
  giveUpReasons,
  messages,
} from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { notify } from '../../lib/notify'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { divisionsForSelectQueryOptions } from '../../lib/divisions-api'
import { confirmationOf, type ConfirmActionProps } from './confirm-actions'
import { SelectField, TextAreaField, textOrNull } from '../../components/form/form-fields'
import { useForm } from '../../components/form/use-form'
import { useContactCommand } from '../../lib/use-contact-command'
import { contactCommands, sendConfirmed } from './lifecycle-api'

export type ContactRef = { contactId: string; divisionId: number; statuses: Record<number, number> }
/**
 * The selected rows of a contact list: their statuses are not loaded, and they are saved in one call to the
 * bulk route. `onDone` lets the list drop its selection and refresh.
 */
export type ContactsRef = { contactIds: string[]; divisionId: number; onDone?: () => void | Promise<void> }
type BulkAnswer = { done: number; failed: { id: string; message: string }[] }

export function Footer({
  close,
  submit,
  pending,
  label,
}: {
  close: () => void
  submit: () => void
  pending: boolean
  label: string
}) {
  return (
    <ModalFooter>
      <Button onClick={close}>Cancel</Button>
      <Button variant="primary" onClick={submit} disabled={pending}>
        {pending && <Loader2 className="animate-spin" />}
        {label}
      </Button>
    </ModalFooter>
  )
}

/** change-contact-status: a division (not the executive one) and one of the offered statuses. */
function ChangeStatusForm({ props, close }: ModalComponentProps<ContactRef | ContactsRef>) {
  const bulk = 'contactIds' in props ? props : null
  const single = 'contactId' in props ? props : null
  const { data: divisions } = useQuery(divisionsForSelectQueryOptions())
  const form = useForm({
    divisionId: String(props.divisionId === EXECUTIVE_DIVISION_ID ? '' : props.divisionId),
    statusId: '',
  })
  // Bulk: the toast waits for the answer, which lists the contacts the rules refused.
  const command = useContactCommand(single?.contactId ?? bulk?.contactIds[0] ?? '', {
    success: bulk ? undefined : messages.statusUpdated,
    onDone: bulk ? undefined : close,
    onFieldErrors: form.setErrors,
  })
  const bulkDone = async (answer: BulkAnswer) => {
    if (answer.done > 0) notify.success(messages.statusUpdated)
    if (answer.failed.length > 0) notify.error(answer.failed.map((f) => f.message).join('\n'))
    await bulk?.onDone?.()
    close()
  }
  const submit = () => {
    const chosen = { divisionId: Number(form.values.divisionId), statusId: Number(form.values.statusId) }
    if (single) {
      const body = { contactId: single.contactId, ...chosen, creationDate: new Date().toISOString() }
      return command.mutate(() => contactCommands.changeStatus(body))
    }
    command.mutate(() => contactCommands.changeStatusInBulk({ contactIds: bulk?.contactIds ?? [], ...chosen }), {
      onSuccess: (answer) => void bulkDone(answer as BulkAnswer),
    })
  }
  const options = Object.fromEntries(
    (divisions ?? [{ id: props.divisionId, name: `Division ${props.divisionId}` }])
      .filter((d) => d.id !== EXECUTIVE_DIVISION_ID)
      .map((d) => [String(d.id), d.name]),
  )
  const offered: number[] = [1, 2, 3, 4, 5]
  if (Number(form.values.divisionId) === LOGISTICS_DIVISION_ID) offered.push(ContactStatus.Pending)
  const current = single?.statuses[Number(form.values.divisionId)]
  return (
    <>
      <ModalBody className="grid grid-cols-2 gap-x-4 gap-y-3.5">
        <SelectField id="cs-division" label="Division" required {...form.field('divisionId')} options={options} />
        <SelectField
          id="cs-status"
          label="Status"
          required
          {...form.field('statusId')}
          options={Object.fromEntries(offered.map((s) => [String(s), contactStatusNames[s as 1]]))}
          disabledValues={current ? [String(current)] : []}
          hint={
            bulk
              ? `${bulk.contactIds.length} selected contact${bulk.contactIds.length === 1 ? '' : 's'}`
              : current
                ? `Now: ${contactStatusNames[current as 1]}`
                : 'Not in this division yet'
          }
        />
      </ModalBody>
      <Footer close={close} pending={command.isPending} label="Change status" submit={submit} />
    </>
  )
}

/** give_up: a reason; 'Other' opens the notes box and needs it. */
function GiveUpForm({ props, close }: ModalComponentProps<ContactRef>) {
  const form = useForm({ giveUpReason: '', otherReasonNote: '' })
  const command = useContactCommand(props.contactId, {
    success: messages.statusUpdated,
    onDone: close,
    onFieldErrors: form.setErrors,
  })
  const submit = () => {
    if (!form.values.giveUpReason) return form.setErrors({ giveUpReason: messages.giveUpReasonRequired })
    if (form.values.giveUpReason === GIVE_UP_OTHER && !form.values.otherReasonNote.trim()) {
      return form.setErrors({ otherReasonNote: messages.giveUpNotesRequired })
    }
    command.mutate(() =>
      contactCommands.giveUp({
        contactId: props.contactId,
        divisionId: props.divisionId,
        ...form.values,
        otherReasonNote: textOrNull(form.values.otherReasonNote),
      }),
    )
  }
  return (
    <>
      <ModalBody className="flex flex-col gap-3.5">
        <SelectField id="gu-reason" label="Reason" required {...form.field('giveUpReason')} options={giveUpReasons} />
        {form.values.giveUpReason === GIVE_UP_OTHER && (
          <TextAreaField id="gu-notes" label="Notes" required {...form.field('otherReasonNote')} />
        )}
      </ModalBody>
      <Footer close={close} submit={submit} pending={command.isPending} label="Give up" />
    </>
  )
}

/** Dead, NQ, No Answer, out of business: the question by the contact's name, optional notes, then the command. */
function ConfirmActionForm({ props, close }: ModalComponentProps<ConfirmActionProps>) {
  const confirmation = confirmationOf(props)
  const form = useForm({ notes: '' })
  const command = useContactCommand(props.contactId, {
    success: confirmation.success,
    onDone: close,
    onFieldErrors: form.setErrors,
  })
  const { notesField } = confirmation
  return (
    <>
      <ModalBody className="flex flex-col gap-3.5">
        <p className="text-sm font-medium">{confirmation.question}</p>
        {notesField && (
          <TextAreaField
            id="confirm-notes"
            label="Notes"
            value={form.values.notes}
            onChange={form.set('notes')}
            error={form.errors[notesField]}
          />
        )}
      </ModalBody>
      <Footer
        close={close}
        pending={command.isPending}
        label={confirmation.confirmLabel}
        submit={() => command.mutate(() => sendConfirmed(confirmation.request(textOrNull(form.values.notes))))}
      />
    </>
  )
}

/** One window for every confirmation; a new question starts with an empty form. */
function ConfirmAction({ props, close }: ModalComponentProps<ConfirmActionProps>) {
  return <ConfirmActionForm key={`${props.action}:${props.contactId}`} props={props} close={close} />
}

export const changeStatusModal = defineModal<ContactRef | ContactsRef>('change-contact-status', {
  title: 'Change contact status',
  component: ChangeStatusForm,
})
export const giveUpModal = defineModal<ContactRef>('give_up', { title: 'Give up', component: GiveUpForm })
export const confirmActionModal = defineModal<ConfirmActionProps>('confirm_contact_action', {
  title: (props) => confirmationOf(props).title,
  width: 480,
  component: ConfirmAction,
})
