import { Loader2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { dealerMessages, updateDealerSchema, type ContactDetails } from '@crm/contracts'
import { useForm } from '../../components/form/use-form'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { Button } from '../../components/ui/button'
import { useContactCommand } from '../../lib/use-contact-command'
import { updateDealer } from './dealers-api'
import { DealerFormFields } from './dealer-form-fields'
import { dealerFormValuesOf, toUpdateDealerInput } from './dealer-form-values'

function EditDealerForm({ props: dealer, close }: ModalComponentProps<ContactDetails>) {
  const [initial] = useState(() => dealerFormValuesOf(dealer))
  const form = useForm(initial)
  // Toast, refresh of the page's queries (read-your-writes via the position) and 400s under the fields.
  const command = useContactCommand(dealer.id, {
    success: dealerMessages.updated,
    onDone: close,
    onFieldErrors: form.setErrors,
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = toUpdateDealerInput(initial, form.values)
    if (Object.keys(body).length === 0) return close()
    const changes = form.validate(updateDealerSchema, body)
    if (!changes) return
    command.mutate(() => updateDealer(dealer.id, changes))
  }

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody>
        <DealerFormFields idPrefix="ed" values={form.values} errors={form.errors} set={form.set} />
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={command.isPending}>
          {command.isPending && <Loader2 className="animate-spin" />}
          Save
        </Button>
      </ModalFooter>
    </form>
  )
}

/** Edit dealer: PATCH /ts-dealers/{id} with the changed fields only; as wide as the add form. */
export const editDealerModal = defineModal<ContactDetails>('edit_ts_dealer', {
  title: 'Edit dealer',
  width: 450,
  component: EditDealerForm,
})
