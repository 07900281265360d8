import type { ContactDetails } from '@crm/contracts'
import { ListTodo, NotebookPen, Phone } from 'lucide-react'
import { Button, buttonVariants } from '../../components/ui/button'

/**
 * What a rep on the road does first, at the top of a contact's page on a phone (below `md`, where the page is one
 * long column and the phones, the activity log and the tasks lie screens apart): call the carrier from the phone
 * in hand, log what was said, get to the task to complete it. The status bar above holds the status changes.
 */
export function ContactQuickActions({
  contact,
  onLogActivity,
}: {
  contact: ContactDetails
  onLogActivity: () => void
}) {
  const phone = contact.mobilePhone ?? contact.businessPhone ?? contact.homePhone
  return (
    <nav aria-label="Quick actions" className="flex flex-wrap items-center gap-2 md:hidden">
      {phone && (
        <a
          href={`tel:${phone.replace(/[^\d+]/g, '')}`}
          className={buttonVariants({ variant: 'primary' })}
          aria-label={`Call ${phone}`}
        >
          <Phone /> Call
        </a>
      )}
      <Button
        onClick={() => {
          document.getElementById('contact-activities')?.scrollIntoView({ block: 'start' })
          onLogActivity()
        }}
      >
        <NotebookPen /> Log activity
      </Button>
      <Button onClick={() => document.getElementById('contact-tasks')?.scrollIntoView({ block: 'start' })}>
        <ListTodo /> Tasks
      </Button>
    </nav>
  )
}
