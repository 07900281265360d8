import {
  effortLevelFromTrucks,
  effortLevelLockedFor,
  mayEditCollectionFacts,
  messages,
  updateContactSchema,
  type ContactDetails,
} from '@crm/contracts'
import { Loader2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { zodFieldErrors } from '../../lib/field-errors'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { ContactFormFields } from './contact-form-fields'
import { contactFormValuesOf, offeredFlagsOf, toUpdateContactInput, type ContactFormField } from './contact-form-values'
import { useAllowed } from '../../lib/permissions'
import { toFormErrors, type FormErrors } from './use-create-contact-form'
import { useContactCommand } from '../../lib/use-contact-command'
import { updateContact } from './contacts-api'

function EditContactForm({ props: contact, close }: ModalComponentProps<ContactDetails>) {
  const [initial] = useState(() => contactFormValuesOf(contact))
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<FormErrors>({})
  // Toast, refresh of the page's queries (read-your-writes via the position) and 400s under the fields.
  const command = useContactCommand(contact.id, {
    success: messages.dataSaved,
    onDone: close,
    onFieldErrors: (e) => setErrors(toFormErrors(e)),
  })

  const set = (field: ContactFormField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }))
    setErrors(({ [field]: _, ...rest }) => rest)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = toUpdateContactInput(initial, values)
    if (Object.keys(body).length === 0) return close()
    const parsed = updateContactSchema.safeParse(body)
    if (!parsed.success) return setErrors(toFormErrors(zodFieldErrors(parsed.error)))
    setErrors({})
    const changes = parsed.data
    command.mutate(() => updateContact(contact.id, changes))
  }

  // Auto-rated company types: the effort level follows the trucks and cannot be chosen (docs/product.md 9).
  const locked = effortLevelFromTrucks(contact.companyTypeId, contact.numberOfTrucks) !== null
  const collectionEditable = useAllowed(mayEditCollectionFacts)

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="flex flex-col gap-6">
        <ContactFormFields
          idPrefix="ec"
          values={values}
          errors={errors}
          set={set}
          trucksHint={locked ? effortLevelLockedFor(contact.companyTypeId) : undefined}
          flags={offeredFlagsOf(contact)}
          whole
          collectionEditable={collectionEditable}
        />
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

/** "Edit contact" window: PATCH /contacts/{id} with the changed fields only. */
export const editContactModal = defineModal<ContactDetails>('edit_contact', {
  title: 'Edit contact',
  component: EditContactForm,
})
