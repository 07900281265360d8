import { type TaskRow, type UpdateTask } from '@crm/contracts'
import { CheckCheck, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { notify } from '../../lib/notify'
import { formatDateTime } from '../../lib/format-date'
import { ModalBody } from '../../components/modal/modal-layout'
import { TaskStatusBadge } from './task-status-badge'
import { isCompleted } from './display-status'
import { CompletedTaskSummary } from './completed-task-summary'
import { TaskContact } from './task-contact'
import { TaskFormFields } from './task-form-fields'
import { SubmitButton, ModalActions } from '../../components/modal/modal-actions'
import { openCompleteTask, openTask } from './task-windows'
import { deleteTask, updateTask, useRefreshAfterTaskChange } from './tasks-api'
import { useTaskForm, type TaskForm } from './use-task-form'
import { useSubmit } from '../../lib/use-submit'

/** Only what the user changed goes into PATCH /task/{id}. */
function changesOf(task: TaskRow, form: TaskForm): UpdateTask {
  const changes: UpdateTask = {}
  const title = form.values.title.trim()
  if (title !== task.title) changes.title = title
  const description = form.values.description.trim() || null
  if (description !== (task.description ?? null)) changes.description = description
  const priority = form.values.priority === '1' ? 1 : 0
  if (priority !== task.priority) changes.priority = priority
  const due = form.dueDate().toISOString()
  if (new Date(task.dueDate).getTime() !== new Date(due).getTime()) changes.dueDate = due
  const activityType = Number(form.values.activityType)
  if (activityType !== task.activityType) changes.activityType = activityType
  if (form.reminder() !== task.reminder) changes.reminder = form.reminder()
  if (form.stored.length !== task.attachments.length) changes.attachments = form.stored
  if (form.assigned.value !== task.assigned) changes.assigned = form.assigned.value
  return changes
}

/** task_modal for an existing task: edit, complete, or delete after a confirmation. */
export function EditTaskForm({ task, close }: { task: TaskRow; close: () => void }) {
  const form = useTaskForm({ task, assigned: { value: task.assigned, label: task.assignedName ?? 'User' } })
  const { pending, send } = useSubmit(form.setErrors)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const refresh = useRefreshAfterTaskChange()

  if (isCompleted(task)) return <CompletedTaskSummary task={task} close={close} openTask={openTask} />

  const run = async (action: () => Promise<unknown>, success: string) => {
    await send(async () => {
      await action()
      notify.success(success)
      await refresh(task.contactId)
      close()
    })
  }
  const save = () => {
    const errors = form.validate()
    form.setErrors(errors)
    if (Object.keys(errors).length > 0) return
    const changes = changesOf(task, form)
    if (Object.keys(changes).length === 0) return close()
    void run(() => updateTask(task.id, changes), 'Task updated')
  }

  const left = confirmDelete ? (
    <>
      <span className="text-[13px] font-medium">Delete this task?</span>
      <Button
        variant="danger"
        size="sm"
        disabled={pending}
        onClick={() => void run(() => deleteTask(task.id), 'Task deleted')}
      >
        Yes, delete
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(false)}>
        Keep it
      </Button>
    </>
  ) : (
    <Button variant="ghost" className="text-danger hover:text-danger" onClick={() => setConfirmDelete(true)}>
      <Trash2 /> Delete
    </Button>
  )
  return (
    <>
      <ModalBody>
        <p className="mb-3 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <TaskStatusBadge task={task} />
          <TaskContact task={task} newTab />
          <span>Created {formatDateTime(task.creationDate)}</span>
          {task.followsTaskId && <span>· Follow-up of an earlier task</span>}
        </p>
        <TaskFormFields form={form} contactLocked editing />
      </ModalBody>
      <ModalActions close={close} left={left}>
        <Button
          onClick={() => {
            close()
            openCompleteTask(task.id)
          }}
        >
          <CheckCheck /> Complete
        </Button>
        <SubmitButton pending={pending} onClick={save} label="Save changes" />
      </ModalActions>
    </>
  )
}
