import { meetingMessages, type CreateMeeting, type MeetingRow } from '@crm/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { meetingCommands } from './calendar-api'
import { notify } from '../../lib/notify'
import { SelectField, TextAreaField, TextField } from '../../components/form/form-fields'
import { useForm } from '../../components/form/use-form'
import { ModalBody } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { AsyncPicker, type Picked } from '../../components/form/async-picker'
import { ModalActions, SubmitButton } from '../../components/modal/modal-actions'
import { taskKeys } from '../../lib/query-keys'
import { loadContactOptions } from '../tasks'
import { browserTimeZone, fromLocalInputValue, toLocalInputValue } from '../../lib/local-date-time'
import { AttendeesField } from './attendees-field'
import { timeZoneOptions } from './time-zones'
import { useSubmit } from '../../lib/use-submit'

type MeetingModalProps = { mode: 'create'; start?: Date; contact?: Picked } | { mode: 'edit'; meeting: MeetingRow }
const HOUR_MS = 3_600_000

/** The next whole hour: where a meeting created from the toolbar starts. */
const nextHour = (now: Date) => new Date(Math.ceil(now.getTime() / HOUR_MS) * HOUR_MS)

function MeetingForm({ props, close }: ModalComponentProps<MeetingModalProps>) {
  const m = props.mode === 'edit' ? props.meeting : null
  const start = m ? new Date(m.meetingStart) : (props.mode === 'create' && props.start) || nextHour(new Date())
  const form = useForm({
    subject: m?.subject ?? '',
    start: toLocalInputValue(start),
    end: toLocalInputValue(m ? new Date(m.meetingEnd) : new Date(start.getTime() + HOUR_MS)),
    location: m?.location ?? '',
    timeZone: m?.timeZone ?? browserTimeZone(),
    note: m?.note ?? '',
  })
  const [attendees, setAttendees] = useState<string[]>(m?.attendees ?? [])
  const [contact, setContact] = useState<Picked | null>(
    m?.contactId
      ? { value: m.contactId, label: m.contactName ?? 'Contact' }
      : props.mode === 'create'
        ? (props.contact ?? null)
        : null,
  )
  const { pending, send } = useSubmit(form.setErrors)
  const queryClient = useQueryClient()
  const { values, set, errors, field } = form

  const submit = async () => {
    const from = fromLocalInputValue(values.start)
    const to = fromLocalInputValue(values.end)
    const found: Record<string, string> = {}
    if (!values.subject.trim()) found.subject = meetingMessages.subjectRequired
    if (!from) found.meetingStart = meetingMessages.startRequired
    if (!to) found.meetingEnd = meetingMessages.endRequired
    else if (from && to <= from) found.meetingEnd = meetingMessages.endBeforeStart
    form.setErrors(found)
    if (Object.keys(found).length > 0) return
    const body: CreateMeeting = {
      subject: values.subject.trim(),
      contactId: contact?.value ?? null,
      meetingStart: from!.toISOString(),
      meetingEnd: to!.toISOString(),
      location: values.location.trim() || null,
      attendees,
      timeZone: values.timeZone,
      note: values.note.trim() || null,
    }
    await send(async () => {
      if (m) await meetingCommands.update(m.id, body)
      else await meetingCommands.schedule(body)
      notify.success(m ? 'Meeting updated' : 'Meeting scheduled')
      await queryClient.invalidateQueries({ queryKey: taskKeys.all })
      close()
    })
  }

  const dateField = (id: 'start' | 'end', label: string, errorKey: string) => (
    <FormField id={`meeting-${id}`} label={label} required error={errors[errorKey]}>
      <Input
        id={`meeting-${id}`}
        type="datetime-local"
        value={values[id]}
        onChange={(e) => {
          set(id)(e.target.value)
          form.setErrors(({ [errorKey]: _, ...rest }) => rest)
        }}
        {...invalidProps(`meeting-${id}`, errors[errorKey])}
      />
    </FormField>
  )
  return (
    <>
      <ModalBody className="grid grid-cols-2 gap-x-4 gap-y-3.5">
        <TextField id="meeting-subject" label="Subject" required {...field('subject')} className="col-span-2" />
        {dateField('start', 'Start', 'meetingStart')}
        {dateField('end', 'End', 'meetingEnd')}
        <SelectField
          id="meeting-zone"
          label="Time zone"
          {...field('timeZone')}
          options={timeZoneOptions(values.timeZone)}
        />
        <TextField id="meeting-location" label="Location" {...field('location')} />
        <div className="col-span-2">
          <AsyncPicker
            id="meeting-contact"
            label="Contact"
            queryKey="contacts"
            value={contact}
            onChange={setContact}
            load={loadContactOptions}
            placeholder="Search contacts (optional)"
          />
        </div>
        <div className="col-span-2">
          <AttendeesField value={attendees} onChange={setAttendees} />
        </div>
        <TextAreaField id="meeting-note" label="Note" rows={3} {...field('note')} className="col-span-2" />
      </ModalBody>
      <ModalActions close={close}>
        <SubmitButton pending={pending} onClick={() => void submit()} label={m ? 'Save meeting' : 'Schedule meeting'} />
      </ModalActions>
    </>
  )
}

function MeetingModal(p: ModalComponentProps<MeetingModalProps>) {
  const key = p.props.mode === 'edit' ? p.props.meeting.id : `new:${p.props.start?.getTime() ?? ''}`
  return <MeetingForm key={key} {...p} />
}

const meetingModal = defineModal<MeetingModalProps>('meeting_modal', {
  title: (p) => (p.mode === 'edit' ? 'Meeting' : 'New meeting'),
  width: 720,
  component: MeetingModal,
})

export const openNewMeeting = (props: { start?: Date; contact?: Picked }) =>
  meetingModal.open({ mode: 'create', ...props })
export const openMeeting = (meeting: MeetingRow) => meetingModal.open({ mode: 'edit', meeting })
