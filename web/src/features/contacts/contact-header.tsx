import type { ContactDetails } from '@crm/contracts'
import { ChevronRight, Flag, Pencil, UserX } from 'lucide-react'
import type { ReactNode } from 'react'
import { DivisionName } from '../../components/division-name'
import { StatusBadge } from '../../components/status-badge'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { organizationTypeName } from '../../components/ui/empty-value'
import { formatDate } from '../../lib/format-date'
import { useCan } from '../../lib/permissions'
import { editContactModal } from './edit-contact-modal'
import { erasePersonalDataModal } from './erase-personal-data-modal'

/**
 * The top of a contact's page, the same on /contacts/$id and a logistics customer's page: the breadcrumb (its
 * first link says where the user came from), the name with its red flags, DBA, badges, the standing in each
 * division, and Edit.
 */
export function ContactHeader({ contact, back }: { contact: ContactDetails; back: ReactNode }) {
  const orgType = organizationTypeName(contact.organizationTypeId)
  const canErase = useCan('admin')
  return (
    <>
      <nav aria-label="Breadcrumb" className="flex items-center gap-1 text-xs text-muted-foreground">
        {back}
        <ChevronRight className="size-3" />
        <span className="truncate text-foreground/80">{contact.name}</span>
      </nav>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-xl font-semibold tracking-tight">
            {contact.openedFlags > 0 && (
              <Flag
                className="size-4 shrink-0 fill-danger text-danger"
                aria-label={`${contact.openedFlags} open red flags`}
              />
            )}
            <span className="truncate">{contact.name}</span>
          </h1>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5 text-muted-foreground">
            {contact.dba && <span>DBA {contact.dba}</span>}
            {contact.outOfBusiness && <Badge variant="danger">Out of business</Badge>}
            {orgType && <Badge>{orgType}</Badge>}
            {contact.isCreditApp && (
              // Set when a credit application is merged with the contact or made into it (docs/product.md 3).
              <Badge variant="success" title="Has a credit application">
                Credit App{contact.creditAppDate && ` ${formatDate(contact.creditAppDate)}`}
              </Badge>
            )}
            {contact.contactDivisionData.map((d) => (
              <span key={d.divisionId} className="inline-flex items-center gap-1 text-xs">
                <DivisionName id={d.divisionId} />
                <StatusBadge statusId={d.statusId} />
              </span>
            ))}
          </div>
        </div>
        <div className="flex gap-2">
          {canErase && (
            <Button variant="ghost" onClick={() => erasePersonalDataModal.open(contact)}>
              <UserX /> Erase personal data
            </Button>
          )}
          <Button onClick={() => editContactModal.open(contact)}>
            <Pencil /> Edit
          </Button>
        </div>
      </header>
    </>
  )
}
