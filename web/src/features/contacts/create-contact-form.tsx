import { ModalBody } from '../../components/modal/modal-layout'
import { FormActions } from '../../components/modal/modal-actions'
import type { ModalComponentProps } from '../../components/modal/modal-registry'
import { mayEditCollectionFacts } from '@crm/contracts'
import { useAllowed } from '../../lib/permissions'
import { ContactFormFields } from './contact-form-fields'
import { useCreateContactForm } from './use-create-contact-form'

export type CreateContactProps = { businessPhone?: string } | undefined

export function CreateContactForm({ props, close }: ModalComponentProps<CreateContactProps>) {
  const { values, errors, set, submit, pending } = useCreateContactForm(close, props ?? {})
  const collectionEditable = useAllowed(mayEditCollectionFacts)

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="flex flex-col gap-6">
        <ContactFormFields
          idPrefix="cc"
          values={values}
          errors={errors}
          set={set}
          whole
          collectionEditable={collectionEditable}
        />
      </ModalBody>
      <FormActions close={close} pending={pending} label="Create contact" />
    </form>
  )
}

/** The "New Contact" window (modal id `create_contact`), prefilled with a caller's number from an incoming call. */
