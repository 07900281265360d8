import { taskMessages, type IncomingCall } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { PhoneIncoming, UserPlus } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { SelectField, TextAreaField, TextField } from '../../components/form/form-fields'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import type { ModalComponentProps } from '../../components/modal/modal-registry'
import { StatusBadge } from '../../components/status-badge'
import { Button } from '../../components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { formatDateTime } from '../../lib/format-date'
import { notify } from '../../lib/notify'
import { displayPhone } from './display-phone'
import { formatCallDuration } from '../../lib/timeline-format'
import { incomingCallsQueryOptions } from './calls-api'
import { useSaveCallActivity } from './use-save-call-activity'

const LOG_FORM = 'incoming-call-log'

export type IncomingCallProps = {
  callId: string
  /** The product's New Contact window, prefilled with the caller's number (the contacts feature owns it). */
  onCreateContact: (phoneNumber: string) => void
}

const statusLabels: Record<IncomingCall['status'], string> = {
  ringing: 'Ringing…',
  answered: 'Answered: on the call',
  ended: 'Call ended',
  missed: 'Missed call',
}

const talked = (call: IncomingCall, now: number) =>
  call.answeredAt
    ? Math.round(((call.endedAt ? Date.parse(call.endedAt) : now) - Date.parse(call.answeredAt)) / 1000)
    : 0

/** Log the answered call on one of the matched contacts: subject, notes, call time; saved as an incoming call. */
function LogCallForm({ call, close }: { call: IncomingCall; close: () => void }) {
  const [contactId, setContactId] = useState(call.contacts[0]?.id ?? '')
  const [subject, setSubject] = useState(`Call from ${call.contacts[0]?.name ?? call.fromNumber}`)
  const [notes, setNotes] = useState('')
  const [duration, setDuration] = useState<string | null>(null)
  const saving = useSaveCallActivity(close)
  const shownDuration = duration ?? formatCallDuration(talked(call, Date.now()))

  const save = (event: FormEvent) => {
    event.preventDefault()
    if (!subject.trim()) return notify.error(taskMessages.subjectRequired)
    void saving.save(Boolean(call.answeredAt), shownDuration, {
      callId: call.id,
      contactId,
      subject,
      notes: notes.trim() || null,
      outcome: 'Answered',
    })
  }

  return (
    <form id={LOG_FORM} onSubmit={save} noValidate aria-label="Log the call">
      <div className="grid gap-3 sm:grid-cols-2">
        {call.contacts.length > 1 && (
          <SelectField
            id="incoming-contact"
            label="Log on contact"
            value={contactId}
            onChange={setContactId}
            options={Object.fromEntries(call.contacts.map((c) => [c.id, c.name]))}
            className="sm:col-span-2"
          />
        )}
        <TextField id="incoming-subject" label="Subject" value={subject} onChange={setSubject} required />
        <TextField id="incoming-duration" label="Call time (h:mm:ss)" value={shownDuration} onChange={setDuration} />
        <TextAreaField
          id="incoming-notes"
          label="Notes"
          value={notes}
          onChange={setNotes}
          rows={3}
          className="sm:col-span-2"
        />
      </div>
    </form>
  )
}

export function IncomingCallWindow({ props, close }: ModalComponentProps<IncomingCallProps>) {
  const { data: calls } = useQuery(incomingCallsQueryOptions())
  const call = calls?.find((c) => c.id === props.callId)
  if (!call) return <ModalBody>Loading the call…</ModalBody>
  const logged = call.contactId !== null
  const logging = !logged && call.contacts.length > 0 && call.answeredAt !== null

  return (
    <>
      <ModalBody className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3 rounded-md border bg-muted/40 px-3 py-2" aria-live="polite">
          <PhoneIncoming className="size-4 text-muted-foreground" aria-hidden />
          <span className="font-medium" data-testid="incoming-call-state">
            {statusLabels[call.status]}
          </span>
          <span className="tabular">{displayPhone(call.fromNumber)}</span>
          {call.fromName && <span className="text-muted-foreground">{call.fromName}</span>}
          <span className="ml-auto text-muted-foreground tabular">{formatDateTime(call.rangAt)}</span>
        </div>
        {call.contacts.length === 0 ? (
          <div className="flex flex-col items-start gap-3 rounded-md border border-dashed px-4 py-4">
            <p>No records found</p>
            <p className="text-muted-foreground">No contact you can see has this number.</p>
            <Button variant="primary" className="min-h-11" onClick={() => props.onCreateContact(call.fromNumber)}>
              <UserPlus /> Create contact
            </Button>
          </div>
        ) : (
          <Table aria-label="Contacts with this number">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Status</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {call.contacts.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>
                    <Link
                      to="/contacts/$id"
                      params={{ id: c.id }}
                      target="_blank"
                      className="font-medium text-link hover:underline"
                    >
                      {c.name}
                    </Link>
                  </TableCell>
                  <TableCell>{c.statusId !== null && <StatusBadge statusId={c.statusId} />}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {logged && <p className="text-muted-foreground">This call is logged as an activity.</p>}
        {logging && <LogCallForm call={call} close={close} />}
      </ModalBody>
      <ModalFooter>
        <Button className="min-h-11" onClick={close}>
          Close
        </Button>
        {logging && (
          <Button type="submit" form={LOG_FORM} variant="primary" className="min-h-11">
            Ok
          </Button>
        )}
      </ModalFooter>
    </>
  )
}

/** incoming-call-contact (1100): who is calling, matched to the rep's contacts, or a way to create one. */
