import { useQuery } from '@tanstack/react-query'
import { Mail } from 'lucide-react'
import { LOGISTICS_DIVISION_ID, emailMessages } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { contactQueryOptions } from '../../lib/contact-api'
import { notify } from '../../lib/notify'
import { useDivisionId } from '../../lib/session-store'
import { sendEmailModal } from './send-email-modal'

/**
 * Send Email of the task windows and of the call form (docs/product.md 2): opens the send window for that
 * contact, its subject prefilled. Disabled for a completed task (docs/product.md 4); hidden in the logistics
 * division (docs/product.md 6); a contact without an address says 'Please Enter Email First'.
 */
export function SendEmailButton({
  contactId,
  subject,
  disabled = false,
  className,
}: {
  contactId: string
  subject: string
  disabled?: boolean
  className?: string
}) {
  const divisionId = useDivisionId()
  const contact = useQuery({ ...contactQueryOptions(contactId), enabled: !disabled })
  if (divisionId === LOGISTICS_DIVISION_ID) return null
  const open = () => {
    if (!contact.data) return
    if (!contact.data.email) return notify.error(emailMessages.enterEmailFirst)
    sendEmailModal.open({ contact: contact.data, subject })
  }
  return (
    <Button variant="secondary" className={className} disabled={disabled || !contact.data} onClick={open}>
      <Mail /> Send Email
    </Button>
  )
}
