import { ActivityType, messages, taskMessages, type TaskAttachment, type TaskRow } from '@crm/contracts'
import { useState } from 'react'
import type { FieldErrors } from '../../lib/field-errors'
import { useForm } from '../../components/form/use-form'
import type { Picked } from '../../components/form/async-picker'
import { fromLocalInputValue, toLocalInputValue } from '../../lib/local-date-time'
import { defaultDueDate } from './task-dates'

/** Select values of the reminder: 'none' or 'm<minutes>'. */
export const reminderKey = (minutes: number | null) => (minutes === null ? 'none' : `m${minutes}`)

export type TaskFormStart = {
  task?: TaskRow
  contact?: Picked | null
  assigned: Picked
  /** A day picked on the calendar: due that day at 17:00 instead of today. */
  dueDate?: Date
}

/** The task form's state: text fields, the picked contact and user, and files (docs/product.md 2 "task form"). */
export function useTaskForm(start: TaskFormStart) {
  const t = start.task
  const form = useForm({
    title: t?.title ?? '',
    description: t?.description ?? '',
    priority: String(t?.priority ?? 0),
    dueDate: toLocalInputValue(t ? new Date(t.dueDate) : (start.dueDate ?? defaultDueDate(new Date()))),
    activityType: String(t?.activityType ?? ActivityType.Meeting),
    reminder: reminderKey(t?.reminder ?? null),
  })
  const [contact, setContact] = useState<Picked | null>(
    t ? { value: t.contactId, label: t.contactName ?? 'Contact' } : (start.contact ?? null),
  )
  const [assigned, setAssigned] = useState<Picked>(
    t ? { value: t.assigned, label: t.assignedName ?? 'User' } : start.assigned,
  )
  const [files, setFiles] = useState<File[]>([])
  const [stored, setStored] = useState<TaskAttachment[]>(t?.attachments ?? [])
  const [fileError, setFileError] = useState<string | null>(null)

  /** The client-side checks of docs/product.md 5; the server repeats them. */
  const validate = (): FieldErrors => {
    const errors: FieldErrors = {}
    if (!form.values.title.trim()) errors.title = taskMessages.subjectRequired
    if (!contact) errors.contactId = messages.selectContact
    if (!fromLocalInputValue(form.values.dueDate)) errors.dueDate = 'Please select due date'
    return errors
  }

  return {
    ...form,
    contact,
    setContact: (picked: Picked) => {
      setContact(picked)
      form.setErrors(({ contactId: _, ...rest }) => rest)
    },
    assigned,
    setAssigned,
    files,
    setFiles,
    stored,
    setStored,
    fileError,
    setFileError,
    validate,
    dueDate: () => fromLocalInputValue(form.values.dueDate)!,
    reminder: () => (form.values.reminder === 'none' ? null : Number(form.values.reminder.slice(1))),
  }
}
export type TaskForm = ReturnType<typeof useTaskForm>
