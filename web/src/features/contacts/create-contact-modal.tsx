import { Loader2 } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { ContactFormFields } from './contact-form-fields'
import { useCreateContactForm } from './use-create-contact-form'

function CreateContactForm({ close }: ModalComponentProps<undefined>) {
  const { values, errors, set, submit, pending } = useCreateContactForm(close)

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="flex flex-col gap-6">
        <ContactFormFields idPrefix="cc" values={values} errors={errors} set={set} />
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending && <Loader2 className="animate-spin" />}
          Create contact
        </Button>
      </ModalFooter>
    </form>
  )
}

/** The "New Contact" window (modal id `create_contact`). */
export const createContactModal = defineModal('create_contact', {
  title: 'New contact',
  component: CreateContactForm,
})
