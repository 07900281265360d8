import { messages, type LesseeDto } from '@crm/contracts'
import { Loader2 } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { LesseeFields, useLesseeForm } from './lessee-fields'
import { useContactCommand } from '../../lib/use-contact-command'
import { contactCommands } from './lifecycle-api'

type Props = { contactId: string; lessee: LesseeDto | null }

/** change_lessee: set or change the lessee (search by MC first), or remove it. */
function ChangeLesseeForm({ props, close }: ModalComponentProps<Props>) {
  const lessee = useLesseeForm(props.lessee)
  const command = useContactCommand(props.contactId, {
    success: messages.lesseeChanged,
    onDone: close,
    onFieldErrors: lessee.setErrors,
  })
  const save = () => {
    const payload = lessee.toPayload()
    if (!payload) return
    if (props.lessee) command.mutate(() => contactCommands.setLessee(props.contactId, payload))
    else command.mutate(() => contactCommands.addLessee({ ...payload, contactId: props.contactId }))
  }
  return (
    <>
      <ModalBody>
        <LesseeFields form={lessee} />
      </ModalBody>
      <ModalFooter>
        {props.lessee && (
          <Button
            variant="danger"
            className="mr-auto"
            onClick={() => command.mutate(() => contactCommands.removeLessee(props.contactId))}
          >
            Remove lessee
          </Button>
        )}
        <Button onClick={close}>Cancel</Button>
        <Button variant="primary" onClick={save} disabled={command.isPending}>
          {command.isPending && <Loader2 className="animate-spin" />}
          Save lessee
        </Button>
      </ModalFooter>
    </>
  )
}

export const changeLesseeModal = defineModal<Props>('change_lessee', { title: 'Lessee', component: ChangeLesseeForm })
