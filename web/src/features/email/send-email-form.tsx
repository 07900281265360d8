import { useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, Loader2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import {
  emailMessages,
  marketingMessages,
  scheduleEmailSchema,
  sendEmailSchema,
  type ContactDetails,
  type MergeValues,
} from '@crm/contracts'
import { useForm } from '../../components/form/use-form'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import type { ModalComponentProps } from '../../components/modal/modal-registry'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { notify } from '../../lib/notify'
import { lifecycleKeys } from '../../lib/query-keys'
import { useSession } from '../../lib/session-store'
import { useSubmit } from '../../lib/use-submit'
import { DraftFields, draftOf, emptyDraft, isoOf } from './draft-fields'
import { emailCommands, emailKeys, suppressionQuery } from './email-api'
import { MessagePreview } from './message-preview'

const contactValues = (c: ContactDetails, sender: string): MergeValues => ({
  'contact.name': c.name,
  'contact.dba': c.dba ?? '',
  'contact.ownerName': c.ownerName ?? '',
  'contact.email': c.email ?? '',
  'contact.dotNumber': c.dotNumber ?? '',
  'contact.mcNumber': c.mcNumber ?? '',
  'contact.city': c.address?.city ?? '',
  'contact.state': c.address?.state ?? '',
  'contact.businessPhone': c.businessPhone ?? '',
  'sender.name': sender,
})

export type Props = { contact: ContactDetails; subject?: string }

export function SendEmailForm({ props, close }: ModalComponentProps<Props>) {
  const { contact } = props
  const session = useSession()
  const suppression = useQuery(suppressionQuery(contact.id)).data
  const form = useForm(emptyDraft(props.subject))
  const [confirming, setConfirming] = useState(false)
  const { pending, send } = useSubmit(form.setErrors)
  const queryClient = useQueryClient()
  // An address that unsubscribed gets one-to-one mail only when the rep says so, now or later.
  const confirmSuppressed = suppression?.suppressed ? true : undefined
  const draft = () => ({ contactId: contact.id, ...draftOf(form.values), confirmSuppressed })
  const done = (message: string) => {
    notify.success(message)
    void queryClient.invalidateQueries({ queryKey: emailKeys.all })
    void queryClient.invalidateQueries({ queryKey: lifecycleKeys.all(contact.id) })
    close()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const later = form.values.when === 'later'
    const payload = later
      ? form.validate(scheduleEmailSchema, { ...draft(), sendingTime: isoOf(form.values.sendingTime) })
      : form.validate(sendEmailSchema, draft())
    if (!payload) return
    // A direct send asks first (docs/product.md 8); so does any mail to an unsubscribed address.
    if (!later || suppression?.suppressed) return setConfirming(true)
    await schedule()
  }

  const schedule = () =>
    send(async () => {
      await emailCommands.schedule(
        scheduleEmailSchema.parse({ ...draft(), sendingTime: isoOf(form.values.sendingTime) }),
      )
      done(emailMessages.emailScheduled)
    })
  const sendNow = () =>
    send(async () => {
      await emailCommands.send(sendEmailSchema.parse(draft()))
      done(emailMessages.emailSent)
    })

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="grid gap-3 md:grid-cols-2">
        <p className="text-muted-foreground md:col-span-2">
          To <strong className="text-foreground">{contact.email}</strong>
          {suppression?.suppressed && (
            <Badge variant="warning" className="ml-2">
              {suppression.reason === 'abuse' ? 'Reported abuse' : 'Unsubscribed'}
            </Badge>
          )}
        </p>
        <DraftFields form={form} prefix="se" />
        <div className="md:col-span-2">
          <MessagePreview
            subject={form.values.subject}
            body={form.values.body}
            values={contactValues(contact, session?.user.name ?? '')}
          />
        </div>
        {confirming && (
          <div
            role="alertdialog"
            aria-label="Confirm sending"
            className="flex flex-wrap items-center gap-3 rounded-md border border-warning bg-warning-soft p-3 md:col-span-2"
          >
            <AlertTriangle className="size-4 text-warning" />
            <div className="flex flex-1 flex-col gap-0.5">
              {form.values.when !== 'later' && <span className="font-medium">{emailMessages.directEmailAlert}</span>}
              {suppression?.suppressed && suppression.reason && (
                <span>{marketingMessages.suppressedConfirm(suppression.reason)}</span>
              )}
            </div>
            <Button onClick={() => setConfirming(false)}>Back</Button>
            <Button
              variant="primary"
              disabled={pending}
              onClick={() => void (form.values.when === 'later' ? schedule() : sendNow())}
            >
              {pending && <Loader2 className="animate-spin" />}
              Yes, send
            </Button>
          </div>
        )}
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={pending || confirming}>
          {pending && <Loader2 className="animate-spin" />}
          {form.values.when === 'later' ? 'Schedule' : 'Send'}
        </Button>
      </ModalFooter>
    </form>
  )
}
