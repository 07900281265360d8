import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { contactListMessages } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { notify } from '../../lib/notify'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { assignContacts } from './contact-lists-api'
import { useAssignee } from './use-assignee'
import { UserSelect } from '../../components/user-select/user-select'
import { listKeys } from '../../lib/query-keys'

type Props = { ids: string[]; divisionId: number; isMasterDataAssign: boolean; onDone: () => void }

/** Select User (assign): docs/product.md section 2. Without assign-any a user assigns only to themselves. */
function SelectUser({ props, close }: ModalComponentProps<Props>) {
  const { user, setUser, locked } = useAssignee()
  const [pending, setPending] = useState(false)
  const queryClient = useQueryClient()
  const assign = async () => {
    if (!user) return notify.error(contactListMessages.selectUser)
    setPending(true)
    try {
      await assignContacts({
        ids: props.ids,
        divisionId: props.divisionId,
        assigned: user,
        isMasterDataAssign: props.isMasterDataAssign,
      })
      notify.success(`Assigned ${props.ids.length} contact${props.ids.length === 1 ? '' : 's'}`)
      props.onDone()
      await queryClient.invalidateQueries({ queryKey: listKeys.all })
      close()
    } catch {
      setPending(false)
    }
  }
  return (
    <>
      <ModalBody className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">
          {props.ids.length} selected contact{props.ids.length === 1 ? '' : 's'} will be assigned to:
        </p>
        <UserSelect id="select-user" value={user} onChange={setUser} locked={locked} label="User" />
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button variant="primary" onClick={() => void assign()} disabled={pending}>
          Assign
        </Button>
      </ModalFooter>
    </>
  )
}

export const selectUserModal = defineModal<Props>('select_user', {
  title: 'Select User',
  width: 520,
  component: SelectUser,
})
