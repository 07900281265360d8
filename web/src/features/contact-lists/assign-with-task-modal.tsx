import { useQueryClient } from '@tanstack/react-query'
import { Loader2 } from 'lucide-react'
import { useState } from 'react'
import { contactListMessages, messages, taskMessages, ActivityType } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { isApiError, problemMessage } from '../../lib/api-error'
import { notify } from '../../lib/notify'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { failureSummary, successSummary, todayAtFive, type ContactFailure } from './assign-summary'
import { assignContacts, createContactTask } from './contact-lists-api'
import { TaskFields, type TaskValues } from './task-fields'
import { useAssignee } from './use-assignee'
import { UserSelect } from '../../components/user-select/user-select'
import { useUserLabel } from '../../components/user-select/user-options'
import { listKeys } from '../../lib/query-keys'

type Props = {
  ids: string[]
  /** Names of the selected contacts, for the summary of what failed. */
  names: Record<string, string>
  /** The list's division; null over all divisions (the server then takes the author's). */
  divisionId: number | null
  isMasterDataAssign: boolean
  onDone: () => void
}

const reason = (error: unknown) => (isApiError(error) ? problemMessage(error.problem) : messages.somethingWentWrong)

/**
 * Assign With Task (docs/product.md section 2): assigns the selected contacts to a user (POST /contacts/assignUser),
 * then gives that user one task per contact (POST /task). What failed for some contacts is said once, naming
 * them; the others go through.
 */
function AssignWithTask({ props, close }: ModalComponentProps<Props>) {
  const { user, setUser, locked } = useAssignee()
  const userName = useUserLabel(user, locked?.name)
  const [task, setTask] = useState<TaskValues>({
    title: '',
    dueDate: todayAtFive(),
    priority: 0,
    activityType: ActivityType.Meeting,
    description: '',
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [pending, setPending] = useState(false)
  const queryClient = useQueryClient()
  const nameOf = (id: string) => props.names[id] ?? 'Unnamed contact'

  async function save() {
    if (!user) return notify.error(contactListMessages.selectUser)
    if (!task.title.trim()) return setErrors({ title: taskMessages.subjectRequired })
    if (!task.dueDate || Number.isNaN(Date.parse(task.dueDate)))
      return setErrors({ dueDate: 'Please enter a due date' })
    setPending(true)
    const failures: ContactFailure[] = []
    try {
      const assigned = await assignContacts({
        ids: props.ids,
        divisionId: props.divisionId ?? 0,
        assigned: user,
        isMasterDataAssign: props.isMasterDataAssign,
      })
      failures.push(...assigned.failed)
      const refused = new Set(assigned.failed.map((f) => f.id))
      const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
      // One at a time: a handful of small commands, and each contact's answer is its own.
      for (const contactId of props.ids.filter((id) => !refused.has(id))) {
        try {
          await createContactTask({
            title: task.title.trim(),
            description: task.description.trim() || null,
            assigned: user,
            priority: task.priority,
            dueDate: new Date(task.dueDate).toISOString(),
            activityType: task.activityType,
            contactId,
            ...(props.divisionId ? { divisionId: props.divisionId } : {}),
            timeZone,
          })
        } catch (error) {
          failures.push({ id: contactId, message: reason(error) })
        }
      }
    } catch {
      // The assignment itself was refused (permission, division): the API client has said why.
      setPending(false)
      return
    }
    const done = props.ids.length - failures.length
    if (done > 0) notify.success(successSummary(done, userName))
    const summary = failureSummary(failures, nameOf)
    if (summary) notify.error(summary)
    props.onDone()
    await queryClient.invalidateQueries({ queryKey: listKeys.all })
    close()
  }

  return (
    <>
      <ModalBody className="flex flex-col gap-4">
        <p className="text-[13px] text-muted-foreground">
          {props.ids.length} selected contact{props.ids.length === 1 ? '' : 's'} will be assigned, each with its own
          task for that user.
        </p>
        <FormField id="assign-task-user" label="User" required>
          <UserSelect id="assign-task-user" value={user} onChange={setUser} locked={locked} label="User" />
        </FormField>
        <TaskFields
          values={task}
          errors={errors}
          onChange={(field, value) => {
            setTask((t) => ({ ...t, [field]: value }))
            setErrors(({ [field]: _, ...rest }) => rest)
          }}
        />
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button variant="primary" onClick={() => void save()} disabled={pending}>
          {pending && <Loader2 className="animate-spin" />}
          Assign With Task
        </Button>
      </ModalFooter>
    </>
  )
}

export const assignWithTaskModal = defineModal<Props>('assign_with_task', {
  title: 'Assign With Task',
  width: 640,
  component: AssignWithTask,
})
