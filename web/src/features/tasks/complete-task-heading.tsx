import type { TaskRow } from '@crm/contracts'
import { Paperclip } from 'lucide-react'
import { formatDateTime } from '../../lib/format-date'
import { shortAttachmentName } from '../../lib/timeline-format'
import { TaskContact } from './task-contact'
import { attachmentLink } from '../../components/attachments/download-link'

/** What complete_task completes: the task, its contact and due date, and the files its activity will link. */
export function TaskHeading({ task }: { task: TaskRow }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2 rounded-md bg-subtle px-3 py-2">
      <p className="font-medium">{task.title}</p>
      <p className="flex flex-wrap items-baseline gap-x-1 text-xs text-muted-foreground">
        <TaskContact task={task} newTab />
        <span>· due {formatDateTime(task.dueDate)}</span>
      </p>
      {task.attachments.length > 0 && (
        <p className="flex w-full flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          <Paperclip className="size-3" /> Task files:
          {task.attachments.map((a) => (
            <a
              key={a.id}
              target="_blank"
              rel="noreferrer"
              {...attachmentLink(a, task.contactId)}
              title={a.name}
              className="text-link hover:underline"
            >
              {shortAttachmentName(a.name)}
            </a>
          ))}
        </p>
      )}
    </div>
  )
}
