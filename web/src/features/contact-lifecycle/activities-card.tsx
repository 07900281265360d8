import { ActivityType, activityTypeNames, browserUtcOffset, messages } from '@crm/contracts'
import { Phone } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { useDivisionId } from '../../lib/session-store'
import { SelectField, TextAreaField, TextField, textOrNull } from '../../components/form/form-fields'
import { ActivityTimeline } from './activity-timeline'
import { callOutcomeOf, parseCallDuration } from '../../lib/timeline-format'
import { useContactCommand } from '../../lib/use-contact-command'
import { contactCommands } from './lifecycle-api'
import { useCan } from '../../lib/permissions'
import { useForm } from '../../components/form/use-form'

const calls: number[] = [ActivityType.OutgoingCall, ActivityType.IncomingCall]

/** The contact's activity timeline and a minimal "Log activity" form. */
/**
 * `openRequest`: each new value opens the log form and puts the cursor in its subject (the contact page's
 * quick actions on a phone, where this card lies far below the top).
 */
export function ActivitiesCard({ contactId, openRequest = 0 }: { contactId: string; openRequest?: number }) {
  const divisionId = useDivisionId()
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (openRequest === 0) return
    setOpen(true)
    // After the form has rendered.
    requestAnimationFrame(() => document.getElementById('la-subject')?.focus())
  }, [openRequest])
  const directMail = useCan('direct-mail')
  const form = useForm({
    activityType: String(ActivityType.OutgoingCall),
    subject: '',
    outcome: 'Answered',
    duration: '',
    notes: '',
  })
  const command = useContactCommand(contactId, {
    success: messages.activityLogged,
    onDone: () => (setOpen(false), form.setValues({ ...form.values, subject: '', notes: '', duration: '' })),
    onFieldErrors: form.setErrors,
  })
  // Without the direct-mail permission that type is hidden (docs/product.md 6).
  const types = Object.fromEntries(
    Object.entries(activityTypeNames).filter(([id]) => directMail || Number(id) !== ActivityType.DirectMail),
  )
  const isCall = calls.includes(Number(form.values.activityType))
  const submit = () => {
    if (!form.values.subject.trim()) return form.setErrors({ subject: 'Please Enter Subject' })
    const duration = parseCallDuration(form.values.duration)
    if (isCall && duration === undefined) return form.setErrors({ duration: 'Use h:mm:ss, e.g. 0:05:30' })
    command.mutate(() =>
      contactCommands.logActivity({
        contactId,
        ...(divisionId ? { divisionId } : {}),
        activityType: Number(form.values.activityType),
        subject: form.values.subject,
        notes: textOrNull(form.values.notes),
        callData: isCall ? { duration: duration ?? 0, outcome: callOutcomeOf(form.values.outcome) } : null,
        utcOffset: browserUtcOffset(),
      }),
    )
  }
  return (
    <Card aria-label="Activities" id="contact-activities" className="scroll-mt-16">
      <CardHeader>
        <CardTitle>Activities</CardTitle>
        {/* Not while saving: the form closes once the timeline shows the new activity, and a click meanwhile
            would toggle it shut under the user. */}
        <Button size="sm" onClick={() => setOpen(!open)} disabled={command.isPending}>
          <Phone /> Log activity
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {open && (
          <div className="grid grid-cols-2 gap-x-3 gap-y-3 rounded-md border bg-subtle p-3">
            <SelectField id="la-type" label="Type" {...form.field('activityType')} options={types} />
            <TextField id="la-subject" label="Subject" required {...form.field('subject')} />
            {isCall && (
              <>
                <SelectField
                  id="la-outcome"
                  label="Call outcome"
                  {...form.field('outcome')}
                  options={['Answered', 'Attempted']}
                />
                <TextField
                  id="la-duration"
                  label="Duration (h:mm:ss)"
                  placeholder="0:00:00"
                  {...form.field('duration')}
                />
              </>
            )}
            <TextAreaField id="la-notes" label="Notes" {...form.field('notes')} className="col-span-2" rows={2} />
            <div className="col-span-2 flex justify-end gap-2">
              <Button onClick={() => setOpen(false)}>Cancel</Button>
              <Button variant="primary" onClick={submit} disabled={command.isPending}>
                Save activity
              </Button>
            </div>
          </div>
        )}
        <ActivityTimeline contactId={contactId} />
      </CardContent>
    </Card>
  )
}
