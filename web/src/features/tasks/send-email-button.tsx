import { useQuery } from '@tanstack/react-query'
import { Mail } from 'lucide-react'
import { contactQueryOptions } from '../../lib/contact-api'
import { Button } from '../../components/ui/button'

/**
 * Send Email of the task windows: writes to the contact in the user's mail program. Disabled for a completed
 * task (docs/product.md 4) and when the contact has no email.
 */
export function SendEmailButton({
  contactId,
  subject,
  disabled,
}: {
  contactId: string
  subject: string
  disabled: boolean
}) {
  const contact = useQuery({ ...contactQueryOptions(contactId), enabled: !disabled })
  const email = contact.data?.email
  if (disabled || !email) {
    return (
      <Button disabled title={disabled ? undefined : 'This contact has no email'}>
        <Mail /> Send Email
      </Button>
    )
  }
  return (
    <Button asChild>
      <a href={`mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent(subject)}`}>
        <Mail /> Send Email
      </a>
    </Button>
  )
}
