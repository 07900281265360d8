import { ActivityType, activityTypeNames, REMINDER_OPTIONS } from '@crm/contracts'
import { FormField } from '../../components/ui/form-field'
import { SelectField, TextAreaField, TextField } from '../../components/form/form-fields'
import { AsyncPicker } from '../../components/form/async-picker'
import { AttachmentsField } from '../../components/attachments/attachments-field'
import { attachmentLink } from '../../components/attachments/download-link'
import { loadContactOptions, taskUserOptions } from './pickers'
import { Segmented } from '../../components/ui/segmented'
import { useTaskUserPicking } from './task-users'
import { reminderKey, type TaskForm } from './use-task-form'
import { useCan } from '../../lib/permissions'

const priorities = [
  { value: '0', label: 'Normal' },
  { value: '1', label: 'High' },
] as const

const assignableUsers = taskUserOptions('assign')

// Keys that are not integer-like keep the list's order in an object (JS sorts integer keys first).
const reminders = Object.fromEntries(REMINDER_OPTIONS.map((o) => [reminderKey(o.minutes), o.label]))

/** The fields of task_modal: what, for whom, when (docs/product.md 2 task form, 3 Task). */
export function TaskFormFields({
  form,
  contactLocked,
  editing,
}: {
  form: TaskForm
  contactLocked: boolean
  editing: boolean
}) {
  const { mayAssignOthers, assignsWithinTeam } = useTaskUserPicking()
  const directMail = useCan('direct-mail')
  // docs/product.md 6: without the direct-mail permission that type is hidden.
  const types = Object.fromEntries(
    Object.entries(activityTypeNames).filter(([id]) => directMail || Number(id) !== ActivityType.DirectMail),
  )
  const { values, set, errors, field } = form
  return (
    <div className="grid gap-x-5 gap-y-3.5 md:grid-cols-[minmax(0,1.25fr)_minmax(0,1fr)]">
      <div className="flex flex-col gap-3.5">
        <TextField id="task-subject" label="Subject" required {...field('title')} />
        <TextAreaField id="task-description" label="Description" rows={6} {...field('description')} />
        <AttachmentsField
          id="task-attachments"
          files={form.files}
          onFilesChange={form.setFiles}
          stored={form.stored}
          onStoredChange={form.setStored}
          error={form.fileError}
          onError={form.setFileError}
          // Stored files can be removed in edit mode; new ones go with a new task (multipart POST /task).
          allowAdding={!editing}
          linkOf={(a) => attachmentLink(a, form.contact?.value ?? '')}
        />
      </div>
      <div className="flex flex-col gap-3.5">
        <AsyncPicker
          id="task-contact"
          label="Contact"
          required
          queryKey="contacts"
          value={form.contact}
          onChange={form.setContact}
          load={loadContactOptions}
          locked={contactLocked}
          placeholder="Search contacts"
          error={errors.contactId}
        />
        <AsyncPicker
          id="task-assigned"
          label="Assigned"
          queryKey="task-users-assign"
          value={form.assigned}
          onChange={form.setAssigned}
          load={assignableUsers}
          locked={!mayAssignOthers}
          hint={
            !mayAssignOthers
              ? 'Tasks you create are assigned to you.'
              : assignsWithinTeam
                ? 'You or a member of your team.'
                : undefined
          }
          error={errors.assigned}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField id="task-due" label="Due date" type="datetime-local" required {...field('dueDate')} />
          <FormField id="task-priority" label="Priority">
            <Segmented
              label="Priority"
              value={values.priority as '0' | '1'}
              options={priorities}
              onChange={set('priority')}
              className="self-start"
            />
          </FormField>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <SelectField id="task-type" label="Activity type" {...field('activityType')} options={types} />
          <SelectField id="task-reminder" label="Reminder" {...field('reminder')} options={reminders} />
        </div>
      </div>
    </div>
  )
}
