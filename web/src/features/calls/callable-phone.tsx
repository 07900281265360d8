import { PhoneLink } from '../../components/ui/phone-link'
import { cn } from '../../lib/cn'
import { CallButton } from './call-button'

type CallablePhoneProps = {
  contactId: string
  phone: string | null | undefined
  contactName: string
  email?: string | null
  className?: string
}

/**
 * A contact's phone number wherever it is shown (the contact page, the lists, tasks, the dashboard): the number
 * dials from the device, the button beside it calls through RingCentral and opens the call window.
 */
export function CallablePhone({ contactId, phone, contactName, email, className }: CallablePhoneProps) {
  if (!phone) return null
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)}>
      <PhoneLink phone={phone} />
      <CallButton contactId={contactId} phoneNumber={phone} contactName={contactName} email={email} />
    </span>
  )
}
