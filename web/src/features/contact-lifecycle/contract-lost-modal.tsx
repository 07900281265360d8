import { ContactStatus, contractLostReasons, messages } from '@crm/contracts'
import { ModalBody } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { SelectField, TextAreaField, TextField, textOrNull } from '../../components/form/form-fields'
import { Footer, type ContactRef } from './status-modals'
import { useContactCommand } from '../../lib/use-contact-command'
import { contactCommands } from './lifecycle-api'
import { useCan } from '../../lib/permissions'
import { useForm } from '../../components/form/use-form'
import { useDivisionName } from '../../components/division-name'

/** mark_contract_lost: follow-up date, date lost, reason, notes; another division needs its permission. */
function ContractLostForm({ props, close }: ModalComponentProps<ContactRef>) {
  const canChooseDivision = useCan('contract-lost-division')
  const divisionName = useDivisionName()
  const today = new Date().toISOString().slice(0, 10)
  const form = useForm({
    divisionId: String(props.divisionId),
    dateToFollowUp: '',
    dateLost: today,
    lostReason: '',
    notes: '',
  })
  const command = useContactCommand(props.contactId, {
    success: messages.contractLostMarked,
    onDone: close,
    onFieldErrors: form.setErrors,
  })
  const accountDivisions = Object.entries(props.statuses).filter(([, s]) => s === ContactStatus.Account)
  const { values: v, field } = form
  return (
    <>
      <ModalBody className="grid grid-cols-1 gap-x-4 gap-y-3.5 sm:grid-cols-2">
        <SelectField
          id="cl-division"
          label="Division"
          {...field('divisionId')}
          disabled={!canChooseDivision}
          options={Object.fromEntries(
            (accountDivisions.length ? accountDivisions : [[String(props.divisionId), 0]]).map(([d]) => [
              d,
              divisionName(Number(d)),
            ]),
          )}
        />
        <SelectField
          id="cl-reason"
          label="Lost reason"
          required
          {...field('lostReason')}
          options={contractLostReasons}
        />
        <TextField id="cl-lost" label="Date lost" type="date" required {...field('dateLost')} />
        <TextField id="cl-follow" label="Date to follow up" type="date" {...field('dateToFollowUp')} />
        <TextAreaField id="cl-notes" label="Notes" {...field('notes')} className="sm:col-span-2" />
      </ModalBody>
      <Footer
        close={close}
        pending={command.isPending}
        label="Mark contract lost"
        submit={() =>
          command.mutate(() =>
            contactCommands.markContractLost({
              contactId: props.contactId,
              divisionId: Number(v.divisionId),
              dateLost: v.dateLost,
              dateToFollowUp: v.dateToFollowUp || null,
              lostReason: v.lostReason,
              notes: textOrNull(v.notes),
              creationDateStatusChanges: new Date().toISOString(),
            }),
          )
        }
      />
    </>
  )
}

export const contractLostModal = defineModal<ContactRef>('mark_contract_lost', {
  title: 'Mark contract lost',
  component: ContractLostForm,
})
