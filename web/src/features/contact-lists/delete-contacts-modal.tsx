import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { notify } from '../../lib/notify'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { listKeys } from '../../lib/query-keys'
import { deleteContacts } from './contact-lists-api'

type Props = { ids: string[]; onDone: () => void }

/** Delete Contacts (docs/product.md section 2): a confirmation, then DELETE /contacts/multiple. */
function DeleteContacts({ props, close }: ModalComponentProps<Props>) {
  const [pending, setPending] = useState(false)
  const queryClient = useQueryClient()
  const confirm = async () => {
    setPending(true)
    try {
      await deleteContacts(props.ids)
      notify.success(`Deleted ${props.ids.length} contact${props.ids.length === 1 ? '' : 's'}`)
      props.onDone()
      await queryClient.invalidateQueries({ queryKey: listKeys.all })
      close()
    } catch {
      setPending(false)
    }
  }
  return (
    <>
      <ModalBody>
        <p className="text-sm">
          Delete {props.ids.length} selected contact{props.ids.length === 1 ? '' : 's'}? They leave every list; their
          history stays.
        </p>
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={pending}>
          Delete
        </Button>
      </ModalFooter>
    </>
  )
}

export const deleteContactsModal = defineModal<Props>('delete_contacts', {
  title: 'Delete Contacts',
  width: 480,
  component: DeleteContacts,
})
