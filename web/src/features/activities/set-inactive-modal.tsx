import { activityMessages, type TimelineItem } from '@crm/contracts'
import { Loader2 } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { useContactCommand } from '../../lib/use-contact-command'
import { activityCommands } from './activities-api'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'

type Props = { contactId: string; item: TimelineItem }

/** Set inactive, after a confirmation: the activity leaves the timeline and every count (call attempts too). */
function SetInactiveConfirm({ props, close }: ModalComponentProps<Props>) {
  const command = useContactCommand(props.contactId, { success: activityMessages.activityInactivated, onDone: close })
  return (
    <>
      <ModalBody>
        <p className="text-sm">
          Set <span className="font-medium">“{props.item.subject}”</span> inactive?
        </p>
        <p className="mt-1.5 text-[13px] text-muted-foreground">
          It leaves the activity timeline and no longer counts as an activity or a call attempt. This cannot be undone.
        </p>
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button
          variant="danger"
          disabled={command.isPending}
          onClick={() =>
            command.mutate(() => activityCommands.setInactive(props.item.id, { contactId: props.contactId }))
          }
        >
          {command.isPending && <Loader2 className="animate-spin" />}
          Set inactive
        </Button>
      </ModalFooter>
    </>
  )
}

export const setInactiveModal = defineModal<Props>('set_activity_inactive', {
  title: 'Set activity inactive',
  width: 460,
  component: SetInactiveConfirm,
})
