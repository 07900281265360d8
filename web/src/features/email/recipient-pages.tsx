import { useQuery } from '@tanstack/react-query'
import { useParams, useSearch } from '@tanstack/react-router'
import { Loader2 } from 'lucide-react'
import { useEffect, useState } from 'react'
import { emailMessages } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { FormField } from '../../components/ui/form-field'
import { recipientApi } from './recipient-api'

function Frame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="grid min-h-full place-items-center bg-background px-4 py-12">
      <section className="flex w-full max-w-[420px] flex-col gap-4 rounded-lg border bg-surface p-6 shadow-xs">
        <h1 className="text-lg font-semibold tracking-tight">{title}</h1>
        {children}
      </section>
    </main>
  )
}

/** One recipient page: the address read-only, one button that records the answer once, then says so. */
function RecipientPage(props: {
  title: string
  action: string
  done: string
  alreadyDone: (view: { unsubscribed: boolean; reportedAbuse: boolean }) => boolean
  send: (token: string) => Promise<unknown>
}) {
  const { token } = useParams({ strict: false }) as { token: string }
  const view = useQuery({ queryKey: ['email-link', token], queryFn: () => recipientApi.view(token), retry: false })
  const [state, setState] = useState<'idle' | 'pending' | 'done' | 'failed'>('idle')
  const finished = state === 'done' || (view.data !== undefined && props.alreadyDone(view.data))
  const submit = async () => {
    setState('pending')
    try {
      await props.send(token)
      setState('done')
    } catch {
      setState('failed')
    }
  }
  if (view.isPending)
    return (
      <Frame title={props.title}>
        <Loader2 className="animate-spin" aria-label="Loading" />
      </Frame>
    )
  if (view.isError)
    return (
      <Frame title={props.title}>
        <p role="alert">{emailMessages.linkNotValid}</p>
      </Frame>
    )
  return (
    <Frame title={props.title}>
      <FormField id="recipient-email" label="Email">
        <Input id="recipient-email" value={view.data.email} readOnly />
      </FormField>
      <Button variant="primary" disabled={finished || state === 'pending'} onClick={() => void submit()}>
        {state === 'pending' && <Loader2 className="animate-spin" />}
        {props.action}
      </Button>
      {finished && (
        <p role="status" className="font-medium text-success">
          {props.done}
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className="text-danger">
          {emailMessages.linkNotValid}
        </p>
      )}
      <Button variant="ghost" onClick={() => (window.history.length > 1 ? window.history.back() : window.close())}>
        Go back to email
      </Button>
    </Frame>
  )
}

export function UnsubscribePage() {
  return (
    <RecipientPage
      title="Verified Unsubscribe"
      action="Unsubscribe"
      done={emailMessages.unsubscribed}
      alreadyDone={(v) => v.unsubscribed}
      send={recipientApi.unsubscribe}
    />
  )
}

export function ReportAbusePage() {
  return (
    <RecipientPage
      title="Verified Report Abuse"
      action="Report Abuse"
      done={emailMessages.reportedAbuse}
      alreadyDone={(v) => v.reportedAbuse}
      send={recipientApi.reportAbuse}
    />
  )
}

/** Records the click, then opens the link; a link that was not in the message opens nothing. */
export function ClickLinkPage() {
  const { token } = useParams({ strict: false }) as { token: string }
  const { redirectLink } = useSearch({ strict: false }) as { redirectLink?: string }
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!redirectLink) return setFailed(true)
    recipientApi
      .click(token, redirectLink)
      .then(({ url }) => window.location.replace(url))
      .catch(() => setFailed(true))
  }, [token, redirectLink])
  return (
    <Frame title="Opening link">
      {failed ? (
        <p role="alert">{emailMessages.linkNotValid}</p>
      ) : (
        <Loader2 className="animate-spin" aria-label="Loading" />
      )}
    </Frame>
  )
}

/** A tracked link the server would not open (docs/product.md 2): it says so, as the click page does. */
export function LinkNotValidPage() {
  return (
    <Frame title="Opening link">
      <p role="alert">{emailMessages.linkNotValid}</p>
    </Frame>
  )
}
