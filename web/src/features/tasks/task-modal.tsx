import { useQuery } from '@tanstack/react-query'
import { CheckCircle2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { isApiError } from '../../lib/api-error'
import { normalizeFieldErrors } from '../../lib/field-errors'
import { useDivisionId, useSession } from '../../lib/session-store'
import { ModalBody } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import type { TaskModalProps } from './task-windows'
import { EditTaskForm } from './edit-task-form'
import { TaskLoadState } from './task-load-state'
import { TaskFormFields } from './task-form-fields'
import { SubmitButton, ModalActions } from '../../components/modal/modal-actions'
import { browserTimeZone } from '../../lib/local-date-time'
import { createTask, taskQuery, useRefreshAfterTaskChange } from './tasks-api'
import { useTaskForm } from './use-task-form'

/** docs/product.md 4: the window closes 2 s after a task is created, showing the success meanwhile. */
export const CLOSE_AFTER_CREATE_MS = 2000

function TaskModal({ props, close }: ModalComponentProps<TaskModalProps>) {
  // One window per id: reopening with other props must start a fresh form, not keep the old one's state.
  const key =
    props.mode === 'edit' ? props.taskId : `new:${props.contact?.value ?? ''}:${props.dueDate?.getTime() ?? ''}`
  return props.mode === 'edit' ? (
    <LoadedTask key={key} taskId={props.taskId} close={close} />
  ) : (
    <CreateTaskForm key={key} props={props} close={close} />
  )
}

function LoadedTask({ taskId, close }: { taskId: string; close: () => void }) {
  const task = useQuery(taskQuery(taskId))
  if (task.data) return <EditTaskForm task={task.data} close={close} />
  return <TaskLoadState error={task.error} />
}

function CreateTaskForm({ props, close }: { props: Extract<TaskModalProps, { mode: 'create' }>; close: () => void }) {
  const user = useSession()!.user
  const divisionId = useDivisionId()
  const form = useTaskForm({
    contact: props.contact,
    assigned: { value: user.userId, label: user.name },
    dueDate: props.dueDate,
  })
  const [pending, setPending] = useState(false)
  const [created, setCreated] = useState(false)
  const refresh = useRefreshAfterTaskChange()

  useEffect(() => {
    if (!created) return
    const timer = setTimeout(close, CLOSE_AFTER_CREATE_MS)
    return () => clearTimeout(timer)
  }, [created, close])

  const submit = async () => {
    const errors = form.validate()
    form.setErrors(errors)
    if (Object.keys(errors).length > 0 || form.fileError) return
    setPending(true)
    try {
      const done = await createTask(
        {
          title: form.values.title.trim(),
          description: form.values.description.trim() || null,
          assigned: form.assigned.value,
          priority: form.values.priority === '1' ? 1 : 0,
          dueDate: form.dueDate().toISOString(),
          activityType: Number(form.values.activityType),
          contactId: form.contact!.value,
          ...(divisionId ? { divisionId } : {}),
          reminder: form.reminder(),
          attachments: [],
          isDemo: false,
          timeZone: browserTimeZone(),
        },
        form.files,
      )
      setCreated(true)
      props.onCreated?.(done.id)
      await refresh(form.contact!.value)
    } catch (error) {
      // Other refusals (a contact that is gone, a conflict) are the client's toast (docs/product.md 8).
      if (isApiError(error, 400)) form.setErrors(normalizeFieldErrors(error.fieldErrors))
    } finally {
      setPending(false)
    }
  }

  if (created) {
    return (
      <ModalBody className="grid min-h-56 place-items-center">
        <div role="status" className="flex flex-col items-center gap-2 text-center">
          <CheckCircle2 className="size-9 text-success" />
          <p className="text-sm font-semibold">Task created</p>
          <p className="text-muted-foreground">
            {form.values.title.trim()} · {form.contact?.label}
          </p>
        </div>
      </ModalBody>
    )
  }
  return (
    <>
      <ModalBody>
        <TaskFormFields form={form} contactLocked={Boolean(props.contact)} editing={false} />
      </ModalBody>
      <ModalActions close={close}>
        <SubmitButton pending={pending} onClick={() => void submit()} label="Create task" />
      </ModalActions>
    </>
  )
}

export const taskModal = defineModal<TaskModalProps>('task_modal', {
  title: (p) => (p.mode === 'edit' ? 'Task' : 'New task'),
  component: TaskModal,
})
