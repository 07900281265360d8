import {
  ActivityType,
  activityTypeNames,
  TaskNextStep,
  taskMessages,
  type CompleteTask,
  type TaskRow,
} from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { CalendarClock } from 'lucide-react'
import { useState } from 'react'
import { FormField } from '../../components/ui/form-field'
import { formatDateTime } from '../../lib/format-date'
import { notify } from '../../lib/notify'
import { SelectField, TextAreaField, TextField } from '../../components/form/form-fields'
import { useForm } from '../../components/form/use-form'
import { ModalBody } from '../../components/modal/modal-layout'
import { AttachmentsField } from '../../components/attachments/attachments-field'
import { TaskHeading } from './complete-task-heading'
import { NextStepField } from './next-step-field'
import { Segmented } from '../../components/ui/segmented'
import { SendEmailButton } from '../email'
import { browserTimeZone, fromLocalInputValue, toLocalInputValue } from '../../lib/local-date-time'
import { defaultPickedFollowUp, followUpPreview } from './task-dates'
import { SubmitButton, ModalActions } from '../../components/modal/modal-actions'
import { openTask } from './task-windows'
import { completeTask, systemConfigQuery, useRefreshAfterTaskChange } from './tasks-api'
import { useSubmit } from '../../lib/use-submit'
import { useCan } from '../../lib/permissions'

const calls: number[] = [ActivityType.OutgoingCall, ActivityType.IncomingCall]
const outcomes = [
  { value: 'Answered', label: 'Answered' },
  { value: 'Attempted', label: 'Attempted' },
] as const

/** complete_task: the next step, the activity it logs, and a preview of the follow-up task's due date. */
export function CompleteTaskForm({ task, close }: { task: TaskRow; close: () => void }) {
  const mayChooseNone = useCan('none-next-step')
  const directMail = useCan('direct-mail')
  const form = useForm({
    // docs/product.md 4: None is the default, where the user may choose it.
    nextStep: mayChooseNone ? String(TaskNextStep.None) : '',
    followUpDate: toLocalInputValue(defaultPickedFollowUp(new Date())),
    subject: task.title,
    activityType: String(task.activityType),
    notes: '',
    outcome: 'Answered',
    duration: '',
  })
  const { pending, send } = useSubmit(form.setErrors)
  // Files of the completion: the logged activity links them with the task's own (docs/product.md 4).
  const [files, setFiles] = useState<File[]>([])
  const [fileError, setFileError] = useState<string | null>(null)
  const config = useQuery(systemConfigQuery(task.divisionId))
  const refresh = useRefreshAfterTaskChange()
  const { values, set, errors, field } = form
  const nextStep = values.nextStep === '' ? null : Number(values.nextStep)
  const picked = nextStep === TaskNextStep.PickedDate
  const isCall = calls.includes(Number(values.activityType))
  const preview =
    nextStep !== null && config.data
      ? followUpPreview(nextStep, new Date(), config.data, fromLocalInputValue(values.followUpDate))
      : null
  const types = Object.fromEntries(
    Object.entries(activityTypeNames).filter(([id]) => directMail || Number(id) !== ActivityType.DirectMail),
  )

  const submit = async () => {
    const found: Record<string, string> = {}
    if (nextStep === null) found.nextStep = taskMessages.nextStepRequired
    if (picked && !fromLocalInputValue(values.followUpDate)) found.followUpDate = taskMessages.followUpDateRequired
    if (!values.notes.trim()) found.notes = taskMessages.noteRequired
    form.setErrors(found)
    if (Object.keys(found).length > 0 || fileError) return
    const body: CompleteTask = {
      nextStep: nextStep!,
      followUpDate: picked ? fromLocalInputValue(values.followUpDate)!.toISOString() : null,
      subject: values.subject.trim() || task.title,
      notes: values.notes.trim(),
      activityType: Number(values.activityType),
      callData: isCall
        ? { duration: Math.max(0, Number(values.duration) || 0), outcome: values.outcome as 'Answered' }
        : null,
      attachments: [],
      timeZone: browserTimeZone(),
    }
    await send(async () => {
      const done = await completeTask(task.id, body, files)
      const followUp = done.followUpTaskId
      notify.success(
        'Task completed',
        followUp ? { label: 'Open follow-up', onClick: () => openTask(followUp) } : undefined,
      )
      await refresh(task.contactId)
      close()
    })
  }

  return (
    <>
      <ModalBody className="flex flex-col gap-4">
        <TaskHeading task={task} />
        <NextStepField {...field('nextStep')} mayChooseNone={mayChooseNone} config={config.data ?? null} />
        <div className="flex flex-wrap items-end gap-4">
          {picked && (
            <TextField
              id="follow-up-date"
              label="Follow Up Date"
              type="datetime-local"
              required
              {...field('followUpDate')}
              className="w-56"
            />
          )}
          <p aria-live="polite" className="flex h-8 items-center gap-1.5 text-[13px] text-muted-foreground">
            <CalendarClock className="size-4" />
            {nextStep === TaskNextStep.None ? (
              'No follow-up task'
            ) : preview ? (
              <>
                Follow-up task due{' '}
                <strong className="text-foreground tabular">{formatDateTime(preview.toISOString())}</strong>
              </>
            ) : (
              'Choose a next step to schedule the follow-up'
            )}
          </p>
        </div>
        <div className="grid gap-x-4 gap-y-3.5 md:grid-cols-2">
          <TextField id="complete-subject" label="Subject" {...field('subject')} />
          <SelectField id="complete-type" label="Activity type" {...field('activityType')} options={types} />
          {isCall && (
            <>
              <FormField id="complete-outcome" label="Call">
                <Segmented
                  label="Call outcome"
                  value={values.outcome as 'Answered'}
                  options={outcomes}
                  onChange={set('outcome')}
                  className="self-start"
                />
              </FormField>
              <TextField id="complete-duration" label="Duration (seconds)" type="number" {...field('duration')} />
            </>
          )}
          <TextAreaField
            id="complete-notes"
            label="Notes"
            required
            rows={4}
            {...field('notes')}
            className="md:col-span-2"
          />
          <div className="md:col-span-2">
            <AttachmentsField
              id="complete-attachments"
              files={files}
              onFilesChange={setFiles}
              error={fileError ?? errors.attachments}
              onError={setFileError}
            />
          </div>
        </div>
      </ModalBody>
      <ModalActions close={close}>
        <SendEmailButton contactId={task.contactId} subject={task.title} disabled={false} />
        <SubmitButton pending={pending} onClick={() => void submit()} label="Complete" />
      </ModalActions>
    </>
  )
}
