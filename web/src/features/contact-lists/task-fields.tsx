import { ActivityType, activityTypeNames } from '@crm/contracts'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { useCan } from '../../lib/permissions'
import { TextField } from '../../components/form/form-fields'

export type TaskValues = {
  title: string
  /** datetime-local value, the user's clock. */
  dueDate: string
  priority: 0 | 1
  activityType: number
  description: string
}
type Field = keyof TaskValues

const textareaClass =
  'w-full rounded-md border border-input bg-surface px-2.5 py-2 text-[13px] shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/15'

/**
 * The task part of Assign With Task: subject, due date (today 17:00 by default), priority, activity type
 * (meeting by default) and a note. Direct mail is offered only with its permission (docs/product.md section 6).
 */
export function TaskFields({
  values,
  errors,
  onChange,
}: {
  values: TaskValues
  errors: Record<string, string>
  onChange: <F extends Field>(field: F, value: TaskValues[F]) => void
}) {
  const directMail = useCan('direct-mail')
  const types = (Object.entries(activityTypeNames) as [string, string][]).filter(
    ([id]) => directMail || Number(id) !== ActivityType.DirectMail,
  )
  return (
    <div className="grid grid-cols-2 gap-x-4 gap-y-3.5">
      <FormField id="task-title" label="Subject" required error={errors.title} className="col-span-2">
        <Input
          id="task-title"
          value={values.title}
          maxLength={300}
          onChange={(e) => onChange('title', e.target.value)}
          {...invalidProps('task-title', errors.title)}
        />
      </FormField>
      <TextField
        id="task-due"
        label="Due date"
        type="datetime-local"
        required
        value={values.dueDate}
        onChange={(value) => onChange('dueDate', value)}
        error={errors.dueDate}
      />
      <FormField id="task-priority" label="Priority">
        <Select value={String(values.priority)} onValueChange={(v) => onChange('priority', v === '1' ? 1 : 0)}>
          <SelectTrigger id="task-priority">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="0">Normal</SelectItem>
            <SelectItem value="1">High</SelectItem>
          </SelectContent>
        </Select>
      </FormField>
      <FormField id="task-type" label="Activity type" className="col-span-2">
        <Select value={String(values.activityType)} onValueChange={(v) => onChange('activityType', Number(v))}>
          <SelectTrigger id="task-type">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {types.map(([id, name]) => (
              <SelectItem key={id} value={id}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <FormField id="task-note" label="Note" className="col-span-2">
        <textarea
          id="task-note"
          rows={3}
          maxLength={10_000}
          value={values.description}
          onChange={(e) => onChange('description', e.target.value)}
          className={textareaClass}
        />
      </FormField>
    </div>
  )
}
