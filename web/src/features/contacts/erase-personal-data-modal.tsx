import type { ContactDetails } from '@crm/contracts'
import { ErasureForm } from '../../components/erasure-form'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { useContactCommand } from '../../lib/use-contact-command'
import { erasePersonalData } from './contacts-api'

/** Erase a contact's personal data (administrators; docs/decisions/035). */
function ErasePersonalData({ props: contact, close }: ModalComponentProps<ContactDetails>) {
  const command = useContactCommand(contact.id, { success: 'Personal data erased', onDone: close })
  return (
    <ErasureForm
      name={contact.name}
      what={
        <>
          The names, phones, email and street address of <strong>{contact.name}</strong> and of the people listed on it,
          the mail sent to it, the numbers it was called on and what was written about it in activities, notes and red
          flags
        </>
      }
      stays="Statuses, dates, amounts and the records themselves stay."
      pending={command.isPending}
      onErase={(reason) => command.mutate(() => erasePersonalData(contact.id, reason))}
      onCancel={close}
    />
  )
}

export const erasePersonalDataModal = defineModal<ContactDetails>('erase_personal_data', {
  title: 'Erase Personal Data',
  width: 560,
  component: ErasePersonalData,
})
