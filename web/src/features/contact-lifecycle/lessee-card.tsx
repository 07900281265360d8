import type { ContactDetails } from '@crm/contracts'
import { Trash2, Upload } from 'lucide-react'
import { useRef } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { BusinessCardLink } from '../../components/business-card-link'
import { DetailList } from '../../components/ui/detail-list'
import { changeLesseeModal } from './change-lessee-modal'
import { confirmActionModal } from './status-modals'
import { useContactCommand } from '../../lib/use-contact-command'
import { contactCommands } from './lifecycle-api'

/** The lessee, out of business and business cards: the contact's other facts with their actions. */
export function LesseeCard({ contact }: { contact: ContactDetails }) {
  const l = contact.lessee
  const command = useContactCommand(contact.id)
  const file = useRef<HTMLInputElement>(null)

  const upload = (picked: File | undefined) => {
    if (picked) command.mutate(() => contactCommands.uploadBusinessCard(contact.id, picked))
  }

  return (
    <Card aria-label="Lessee">
      <CardHeader>
        <CardTitle>Lessee</CardTitle>
        <Button size="sm" onClick={() => changeLesseeModal.open({ contactId: contact.id, lessee: l })}>
          {l ? 'Change lessee' : 'Add lessee'}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {l ? (
          <DetailList
            items={[
              ['MC number', l.mcNumber],
              ['Name', l.lesseeName],
              ['Owner', l.lesseeOwnerName],
              [
                'Address',
                [l.lesseeStreet, l.lesseeCity, [l.lesseeState, l.lesseeZip].filter(Boolean).join(' ')]
                  .filter(Boolean)
                  .join(', '),
              ],
              ['Phone', l.lesseePhone],
            ]}
          />
        ) : (
          <p className="text-muted-foreground">No lessee.</p>
        )}
        <div className="flex items-center justify-between border-t pt-3">
          <span>{contact.outOfBusiness ? 'Out of business' : 'In business'}</span>
          <Button
            size="sm"
            // Marking asks first; coming back in business is the undo and goes at once.
            onClick={() =>
              contact.outOfBusiness
                ? command.mutate(() =>
                    contactCommands.setOutOfBusiness({ contactId: contact.id, outOfBusiness: false }),
                  )
                : confirmActionModal.open({
                    action: 'out-of-business',
                    contactId: contact.id,
                    contactName: contact.name,
                  })
            }
          >
            {contact.outOfBusiness ? 'Back in business' : 'Mark out of business'}
          </Button>
        </div>
        <div className="flex flex-col gap-1.5 border-t pt-3">
          <div className="flex items-center justify-between">
            <span className="font-medium">Business cards</span>
            <Button size="sm" onClick={() => file.current?.click()}>
              <Upload /> Upload
            </Button>
            <input
              ref={file}
              type="file"
              accept="image/*,application/pdf"
              hidden
              onChange={(e) => void upload(e.target.files?.[0])}
            />
          </div>
          {contact.businessCards.map((c) => (
            <div key={c.documentKey} className="flex items-center justify-between gap-2 text-xs">
              <BusinessCardLink contactId={contact.id} card={c} />
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Delete ${c.fileName}`}
                onClick={() => command.mutate(() => contactCommands.removeBusinessCard(contact.id, c.documentKey))}
              >
                <Trash2 />
              </Button>
            </div>
          ))}
        </div>
      </CardContent>
    </Card>
  )
}
