import { taskMessages, type TaskRow } from '@crm/contracts'
import { CheckCheck, CircleCheck } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { PhoneLink } from '../../components/ui/phone-link'
import { formatDateTime } from '../../lib/format-date'
import { DetailList } from '../../components/ui/detail-list'
import { ModalBody } from '../../components/modal/modal-layout'
import { SendEmailButton } from '../email'
import { TaskContactLink } from './task-contact'
import { ModalActions } from '../../components/modal/modal-actions'
import { TaskStatusBadge } from './task-status-badge'

/**
 * A completed task, read-only: 'This task is completed', and Complete and Send Email disabled (docs/product.md 4).
 * `openTask` opens another task (the follow-up this completion created).
 */
export function CompletedTaskSummary({
  task,
  close,
  openTask,
}: {
  task: TaskRow
  close: () => void
  openTask?: (taskId: string) => void
}) {
  return (
    <>
      <ModalBody className="flex flex-col gap-4">
        <p
          role="status"
          className="flex items-center gap-2 rounded-md border border-success/25 bg-success-soft px-3 py-2 font-medium text-success"
        >
          <CircleCheck className="size-4" /> {taskMessages.completed}
        </p>
        <DetailList
          items={[
            ['Subject', task.title],
            ['Contact', task.contactName && <TaskContactLink key="c" task={task} newTab />],
            ['Business phone', task.contactPhone && <PhoneLink key="p" phone={task.contactPhone} />],
            ['Assigned', task.assignedName],
            ['Due', formatDateTime(task.dueDate)],
            ['Completed', formatDateTime(task.completedDate)],
            ['Status', <TaskStatusBadge key="s" task={task} />],
            ['Description', task.description],
            [
              'Follow-up task',
              task.followUpTaskId && openTask ? (
                <Button key="f" variant="link" className="px-0" onClick={() => openTask(task.followUpTaskId!)}>
                  Open follow-up task
                </Button>
              ) : null,
            ],
          ]}
        />
      </ModalBody>
      <ModalActions close={close}>
        <SendEmailButton contactId={task.contactId} subject={task.title} disabled />
        <Button variant="primary" disabled>
          <CheckCheck /> Complete
        </Button>
      </ModalActions>
    </>
  )
}
