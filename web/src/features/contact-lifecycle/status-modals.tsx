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
import { ModalBody, ModalFooter } from '../modals/modal-layout'
import { defineModal, type ModalComponentProps } from '../modals/modal-registry'
import { divisionsForSelectQueryOptions } from '../shell/divisions-api'
import { SelectField, TextAreaField, textOrNull } from './form-fields'
import { useContactCommand } from './lifecycle-api'
import { useForm } from './use-form'

export type ContactRef = { contactId: string; divisionId: number; statuses: Record<number, number> }

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
function ChangeStatusForm({ props, close }: ModalComponentProps<ContactRef>) {
  const { data: divisions } = useQuery(divisionsForSelectQueryOptions())
  const form = useForm({
    divisionId: String(props.divisionId === EXECUTIVE_DIVISION_ID ? '' : props.divisionId),
    statusId: '',
  })
  const command = useContactCommand(props.contactId, {
    success: messages.statusUpdated,
    onDone: close,
    onFieldErrors: form.setErrors,
  })
  const options = Object.fromEntries(
    (divisions ?? [{ id: props.divisionId, name: `Division ${props.divisionId}` }])
      .filter((d) => d.id !== EXECUTIVE_DIVISION_ID)
      .map((d) => [String(d.id), d.name]),
  )
  const offered: number[] = [1, 2, 3, 4, 5]
  if (Number(form.values.divisionId) === LOGISTICS_DIVISION_ID) offered.push(ContactStatus.Pending)
  const current = props.statuses[Number(form.values.divisionId)]
  return (
    <>
      <ModalBody className="grid grid-cols-2 gap-x-4 gap-y-3.5">
        <SelectField
          id="cs-division"
          label="Division"
          required
          value={form.values.divisionId}
          onChange={form.set('divisionId')}
          options={options}
        />
        <SelectField
          id="cs-status"
          label="Status"
          required
          value={form.values.statusId}
          onChange={form.set('statusId')}
          options={Object.fromEntries(offered.map((s) => [String(s), contactStatusNames[s as 1]]))}
          disabledValues={current ? [String(current)] : []}
          hint={current ? `Now: ${contactStatusNames[current as 1]}` : 'Not in this division yet'}
        />
      </ModalBody>
      <Footer
        close={close}
        pending={command.isPending}
        label="Change status"
        submit={() =>
          command.mutate({
            method: 'POST',
            path: '/contacts/status-change',
            body: {
              contactId: props.contactId,
              divisionId: Number(form.values.divisionId),
              statusId: Number(form.values.statusId),
              creationDate: new Date().toISOString(),
            },
          })
        }
      />
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
    command.mutate({
      method: 'POST',
      path: '/contact-give-up',
      body: {
        contactId: props.contactId,
        divisionId: props.divisionId,
        ...form.values,
        otherReasonNote: textOrNull(form.values.otherReasonNote),
      },
    })
  }
  return (
    <>
      <ModalBody className="flex flex-col gap-3.5">
        <SelectField
          id="gu-reason"
          label="Reason"
          required
          value={form.values.giveUpReason}
          onChange={form.set('giveUpReason')}
          options={giveUpReasons}
          error={form.errors.giveUpReason}
        />
        {form.values.giveUpReason === GIVE_UP_OTHER && (
          <TextAreaField
            id="gu-notes"
            label="Notes"
            required
            value={form.values.otherReasonNote}
            onChange={form.set('otherReasonNote')}
            error={form.errors.otherReasonNote}
          />
        )}
      </ModalBody>
      <Footer close={close} submit={submit} pending={command.isPending} label="Give up" />
    </>
  )
}

export const changeStatusModal = defineModal<ContactRef>('change-contact-status', {
  title: 'Change contact status',
  component: ChangeStatusForm,
})
export const giveUpModal = defineModal<ContactRef>('give_up', { title: 'Give up', component: GiveUpForm })
