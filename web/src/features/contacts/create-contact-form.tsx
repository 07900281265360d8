import { Loader2 } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
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

/** The "New Contact" window (modal id `create_contact`), prefilled with a caller's number from an incoming call. */
