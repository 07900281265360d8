import type { CallView } from '@crm/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Loader2, PhoneCall } from 'lucide-react'
import { useEffect, useState } from 'react'
import { SelectField, TextAreaField, TextField } from '../../components/form/form-fields'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import type { ModalComponentProps } from '../../components/modal/modal-registry'
import { Button } from '../../components/ui/button'
import { formatCallDuration } from '../../lib/timeline-format'
import { SendEmailButton } from '../email'
import { callCommands, callQueryOptions } from './calls-api'
import { useSaveCallActivity } from './use-save-call-activity'

export type CallWindowProps = {
  callId: string
  contactId: string
  phoneNumber: string
  contactName: string
  email?: string | null
}

const stateLabels: Record<CallView['state'], string> = {
  'ringing-you': 'Ringing your phone…',
  calling: 'Calling the contact…',
  answered: 'Answered: on the call',
  ended: 'Call ended',
  'no-answer': 'No answer',
}

/** Seconds talked so far: from the answer to the end (or now). */
const talkedSeconds = (call: CallView, now: number) =>
  call.answeredAt
    ? Math.max(0, Math.round(((call.endedAt ? Date.parse(call.endedAt) : now) - Date.parse(call.answeredAt)) / 1000))
    : 0

// A window closed and opened again in the same tick (a re-mount) is not a close.
const pendingCloses = new Map<string, ReturnType<typeof setTimeout>>()

export function CallWindow({ props, close }: ModalComponentProps<CallWindowProps>) {
  const { callId } = props
  const queryClient = useQueryClient()
  const { data: call } = useQuery(callQueryOptions(callId))
  const [now, setNow] = useState(() => Date.now())
  const [subject, setSubject] = useState(`Call with ${props.contactName}`)
  const [notes, setNotes] = useState('')
  const [nextStep, setNextStep] = useState('')
  const [duration, setDuration] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<'Attempted' | 'Answered' | null>(null)
  const saving = useSaveCallActivity(close)

  useEffect(() => {
    const pending = pendingCloses.get(callId)
    if (pending) clearTimeout(pending)
    // Closing the window closes the call: an unsaved activity is set inactive (docs/product.md 4).
    return () => {
      pendingCloses.set(
        callId,
        setTimeout(() => {
          pendingCloses.delete(callId)
          void callCommands.close(callId).then(() => queryClient.invalidateQueries({ queryKey: ['activities'] }))
        }, 0),
      )
    }
  }, [callId, queryClient])

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])

  const talked = call ? talkedSeconds(call, now) : 0
  const shownDuration = duration ?? formatCallDuration(talked)
  const shownOutcome = outcome ?? (call?.answeredAt ? 'Answered' : 'Attempted')

  function save() {
    const withNextStep = [notes.trim(), nextStep.trim() && `Next step: ${nextStep.trim()}`].filter(Boolean).join('\n')
    void saving.save(Boolean(call?.started), shownDuration, {
      callId,
      subject,
      notes: withNextStep || null,
      outcome: shownOutcome,
    })
  }

  return (
    <>
      <ModalBody className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3 rounded-md border bg-muted/40 px-3 py-2" aria-live="polite">
          {call && ['ended', 'no-answer'].includes(call.state) ? (
            <PhoneCall className="size-4 text-muted-foreground" aria-hidden />
          ) : (
            <Loader2 className="size-4 animate-spin text-muted-foreground" aria-hidden />
          )}
          <span className="font-medium" data-testid="call-state">
            {call ? stateLabels[call.state] : 'Placing the call…'}
          </span>
          <span className="tabular text-muted-foreground">{props.phoneNumber}</span>
          {call?.answeredAt && <span className="tabular ml-auto">{formatCallDuration(talked)}</span>}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id="call-subject"
            label="Subject"
            value={subject}
            onChange={setSubject}
            required
            className="sm:col-span-2"
          />
          <TextField id="call-duration" label="Call time (h:mm:ss)" value={shownDuration} onChange={setDuration} />
          <SelectField
            id="call-outcome"
            label="Call"
            value={shownOutcome}
            onChange={(v) => setOutcome(v as 'Attempted' | 'Answered')}
            options={['Attempted', 'Answered']}
          />
          <TextAreaField
            id="call-notes"
            label="Notes"
            value={notes}
            onChange={setNotes}
            rows={4}
            className="sm:col-span-2"
          />
          <TextField
            id="call-next-step"
            label="Next step"
            value={nextStep}
            onChange={setNextStep}
            className="sm:col-span-2"
          />
        </div>
      </ModalBody>
      <ModalFooter>
        <SendEmailButton contactId={props.contactId} subject={subject} className="min-h-11" />
        <Button variant="primary" className="min-h-11" onClick={save} disabled={saving.saving || !subject.trim()}>
          Ok
        </Button>
      </ModalFooter>
    </>
  )
}

/**
 * clickToCall (Edit Activity), 950 px: the live call, then its activity. Its own id: the activity timeline's Edit
 * Activity window is registered as 'clickToCall', and one id holds one window (the later would replace it).
 */
