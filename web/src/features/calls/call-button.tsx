import { callMessages } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { Phone } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { notify } from '../../lib/notify'
import { callCommands, rcSessionQueryOptions } from './calls-api'
import { callWindow } from './call-window'

type CallButtonProps = {
  contactId: string
  phoneNumber: string | null | undefined
  contactName: string
  email?: string | null
}

/**
 * The call button beside a phone number: the server checks the call in the product's order and answers with its
 * message; a placed call opens the call window. Without RingCentral configured it says how to enable calling.
 */
export function CallButton({ contactId, phoneNumber, contactName, email }: CallButtonProps) {
  const { data: session } = useQuery(rcSessionQueryOptions())
  const [placing, setPlacing] = useState(false)

  async function call() {
    if (!phoneNumber?.trim()) return notify.error(callMessages.phoneNumberRequired)
    if (session && !session.configured) return notify.info(callMessages.notConfigured)
    setPlacing(true)
    try {
      const { id } = await callCommands.place(contactId, phoneNumber)
      callWindow.open({ callId: id, contactId, phoneNumber, contactName, email })
    } catch {
      // The API client has shown the server's message.
    } finally {
      setPlacing(false)
    }
  }

  return (
    <Button
      variant="ghost"
      size="icon"
      className="-my-3 size-11 shrink-0 text-link"
      aria-label={`Call ${phoneNumber ?? ''}`}
      title={session && !session.configured ? callMessages.notConfigured : 'Call'}
      disabled={placing}
      onClick={() => void call()}
    >
      <Phone />
    </Button>
  )
}
