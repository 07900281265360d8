import {
  ActivityType,
  LOGISTICS_DIVISION_ID,
  MEETING_DAYS_BACK,
  activityMessages,
  activityTypeNames,
  browserUtcOffset,
  isMeetingDateAllowed,
  type TimelineItem,
} from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { Loader2, Mail } from 'lucide-react'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { notify } from '../../lib/notify'
import { useDivisionId } from '../../lib/session-store'
import { SelectField, TextAreaField, TextField } from '../../components/form/form-fields'
import {
  callOutcomeOf,
  formatCallDuration,
  fromLocalInput,
  parseCallDuration,
  toLocalInput,
} from '../../lib/timeline-format'
import { useForm } from '../../components/form/use-form'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { useCan } from '../../lib/permissions'
import { contactQueryOptions } from '../../lib/contact-api'
import { useContactCommand } from '../../lib/use-contact-command'
import { activityCommands } from './activities-api'

type Props = { contactId: string; item: TimelineItem }

const calls: number[] = [ActivityType.OutgoingCall, ActivityType.IncomingCall]

/** clickToCall (Edit Activity, docs/product.md 2): type, subject, date, call outcome and h:mm:ss duration, notes. */
function EditActivityForm({ props, close }: ModalComponentProps<Props>) {
  const { item, contactId } = props
  const directMail = useCan('direct-mail')
  const divisionId = useDivisionId()
  const { data: contact } = useQuery(contactQueryOptions(contactId))
  const form = useForm({
    activityType: String(item.activityType),
    subject: item.subject,
    occurredAt: toLocalInput(item.occurredAt),
    outcome: item.callOutcome ?? 'Answered',
    duration: item.callDuration === null ? '' : formatCallDuration(item.callDuration),
    notes: item.notes ?? '',
  })
  const { values: v, set, errors, setErrors, field } = form
  const command = useContactCommand(contactId, { success: activityMessages.activityUpdated, onFieldErrors: setErrors })
  const type = Number(v.activityType)
  const isCall = calls.includes(type)
  const isMeeting = type === ActivityType.Meeting
  // Without the direct-mail permission that type is hidden (docs/product.md 6), unless it is what the activity is.
  const types = Object.fromEntries(
    Object.entries(activityTypeNames).filter(
      ([id]) => directMail || Number(id) !== ActivityType.DirectMail || Number(id) === item.activityType,
    ),
  )

  /** The PATCH body, or undefined after showing what is wrong under the fields. */
  const body = () => {
    const found: Record<string, string> = {}
    const occurredAt = fromLocalInput(v.occurredAt)
    const duration = parseCallDuration(v.duration)
    if (!v.subject.trim()) found.subject = activityMessages.subjectRequired
    if (!occurredAt) found.occurredAt = 'Please enter the date'
    else if (isMeeting && !isMeetingDateAllowed(new Date(occurredAt), new Date(), browserUtcOffset())) {
      found.occurredAt = activityMessages.meetingDateOutOfRange
    }
    if (isCall && duration === undefined) found.duration = 'Use h:mm:ss, e.g. 0:05:30'
    if (Object.keys(found).length > 0) return void setErrors(found)
    return {
      contactId,
      activityType: type,
      subject: v.subject,
      notes: v.notes,
      occurredAt,
      utcOffset: browserUtcOffset(),
      callData: isCall ? { duration: duration ?? 0, outcome: callOutcomeOf(v.outcome) } : null,
    }
  }
  const save = (then: () => void) => {
    const payload = body()
    if (payload) command.mutate(() => activityCommands.edit(item.id, payload), { onSuccess: then })
  }
  // Send Email: saves the activity, then opens a message to the contact in the user's mail program.
  const sendEmail = () => {
    if (!contact?.email) return notify.error(activityMessages.enterEmailFirst)
    save(() => {
      close()
      window.open(`mailto:${contact.email}?subject=${encodeURIComponent(v.subject)}`, '_blank')
    })
  }
  const today = new Date()
  const earliest = new Date(today.getFullYear(), today.getMonth(), today.getDate() - MEETING_DAYS_BACK)

  return (
    <>
      <ModalBody className="grid grid-cols-2 gap-x-4 gap-y-3.5">
        <SelectField id="ea-type" label="Type" {...field('activityType')} options={types} />
        <TextField id="ea-subject" label="Subject" required {...field('subject')} />
        <FormField
          id="ea-date"
          label="Date and time"
          required
          error={errors.occurredAt}
          hint={isMeeting ? 'Meetings: today or the two previous days' : undefined}
        >
          <Input
            id="ea-date"
            type="datetime-local"
            value={v.occurredAt}
            onChange={(e) => set('occurredAt')(e.target.value)}
            min={isMeeting ? toLocalInput(earliest.toISOString()) : undefined}
            {...invalidProps('ea-date', errors.occurredAt)}
          />
        </FormField>
        {isCall ? (
          <div className="grid grid-cols-2 gap-x-3">
            <SelectField
              id="ea-outcome"
              label="Call outcome"
              {...field('outcome')}
              options={['Answered', 'Attempted']}
            />
            <TextField id="ea-duration" label="Call duration (h:mm:ss)" {...field('duration')} placeholder="0:00:00" />
          </div>
        ) : (
          <div />
        )}
        <TextAreaField id="ea-notes" label="Notes" {...field('notes')} className="col-span-2" rows={6} />
      </ModalBody>
      <ModalFooter>
        {/* docs/product.md 6: logistics has no Send Email. */}
        {divisionId !== LOGISTICS_DIVISION_ID && (
          <Button onClick={sendEmail} disabled={command.isPending}>
            <Mail /> Send Email
          </Button>
        )}
        <Button variant="primary" onClick={() => save(close)} disabled={command.isPending}>
          {command.isPending && <Loader2 className="animate-spin" />}
          Ok
        </Button>
      </ModalFooter>
    </>
  )
}

export const editActivityModal = defineModal<Props>('clickToCall', {
  title: 'Edit Activity',
  component: EditActivityForm,
})
