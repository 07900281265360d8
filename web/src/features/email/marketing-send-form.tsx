import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { marketingMessages, marketingSendSchema } from '@crm/contracts'
import { useForm } from '../../components/form/use-form'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { FormActions } from '../../components/modal/modal-actions'
import type { ModalComponentProps } from '../../components/modal/modal-registry'
import { Button } from '../../components/ui/button'
import { notify } from '../../lib/notify'
import { useSubmit } from '../../lib/use-submit'
import { CampaignProgress, campaignDone } from './campaign-progress'
import { DraftFields, draftOf, emptyDraft, isoOf } from './draft-fields'
import { campaignQuery, emailCommands, emailKeys } from './email-api'

export type Props = {
  contactIds: string[]
  /** Who they are, in a few words: "12 selected contacts", "840 contacts of the email marketing filters". */
  description: string
  onDone?: () => void
}

/** A running send's progress, looked at every second until every message went out. */
function SendProgress({ id }: { id: string }) {
  const { data } = useQuery({
    ...campaignQuery(id),
    refetchInterval: (q) => (q.state.data && campaignDone(q.state.data) ? false : 1000),
  })
  if (!data) return <p className="text-muted-foreground">Preparing…</p>
  return <CampaignProgress campaign={data} />
}

/**
 * Email marketing (docs/product.md 7): one draft to many contacts, each getting their own message with their
 * merge fields; unsubscribed addresses are skipped. After sending, the window shows the send's progress.
 */
export function MarketingSendForm({ props, close }: ModalComponentProps<Props>) {
  const form = useForm(emptyDraft())
  const { pending, send } = useSubmit(form.setErrors)
  const [campaignId, setCampaignId] = useState<string | null>(null)
  const queryClient = useQueryClient()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const later = form.values.when === 'later'
    const payload = form.validate(marketingSendSchema, {
      contactIds: props.contactIds,
      ...draftOf(form.values),
      ...(later && { sendingTime: isoOf(form.values.sendingTime) || undefined }),
    })
    if (!payload) return
    if (later && !payload.sendingTime) return form.setErrors({ sendingTime: 'Please select sending time' })
    await send(async () => {
      const { id } = await emailCommands.marketingSend(payload)
      notify.success(marketingMessages.queued(props.contactIds.length))
      void queryClient.invalidateQueries({ queryKey: emailKeys.all })
      setCampaignId(id)
      props.onDone?.()
    })
  }

  if (campaignId) {
    return (
      <>
        <ModalBody className="flex flex-col gap-3">
          <p>
            <strong>{form.values.subject}</strong> to {props.description}.
          </p>
          <SendProgress id={campaignId} />
          <p className="text-xs text-muted-foreground">
            The send goes on if you close this window; Email history shows it under Marketing.
          </p>
        </ModalBody>
        <ModalFooter>
          <Button variant="primary" onClick={close}>
            Close
          </Button>
        </ModalFooter>
      </>
    )
  }
  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="grid gap-3 md:grid-cols-2">
        <p className="text-muted-foreground md:col-span-2">
          To <strong className="text-foreground">{props.description}</strong>, one message each. Addresses that
          unsubscribed or reported abuse are skipped.
        </p>
        {form.errors.contactIds && <p className="text-danger md:col-span-2">{form.errors.contactIds}</p>}
        <DraftFields form={form} prefix="ms" />
      </ModalBody>
      <FormActions close={close} pending={pending} label={form.values.when === 'later' ? 'Schedule' : 'Send'} />
    </form>
  )
}
