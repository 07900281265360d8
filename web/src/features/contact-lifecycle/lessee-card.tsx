import { messages, type ContactDetails } from '@crm/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { Trash2, Upload } from 'lucide-react'
import { useRef } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { notify } from '../../lib/notify'
import { positions } from '../../lib/positions'
import { getToken } from '../../lib/session-store'
import { BusinessCardLink } from '../../components/business-card-link'
import { DetailList } from '../../components/ui/detail-list'
import { changeLesseeModal } from './change-lessee-modal'
import { confirmActionModal } from './status-modals'
import { contactsKeys } from '../../lib/query-keys'
import { useContactCommand } from '../../lib/use-contact-command'

/** The lessee, out of business and business cards: the contact's other facts with their actions. */
export function LesseeCard({ contact }: { contact: ContactDetails }) {
  const l = contact.lessee
  const command = useContactCommand(contact.id)
  const file = useRef<HTMLInputElement>(null)
  const queryClient = useQueryClient()

  const upload = async (picked: File | undefined) => {
    if (!picked) return
    const body = new FormData()
    body.append('file', picked)
    const response = await fetch(`/api/v1/contacts/upload-business-card/${contact.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${getToken() ?? ''}` },
      body,
    })
    const answer = (await response.json().catch(() => ({}))) as { detail?: string; position?: string }
    if (!response.ok) return notify.error(answer.detail ?? messages.somethingWentWrong)
    // Multipart goes around the JSON client: remember the position ourselves (read-your-writes).
    positions.remember(answer.position)
    await queryClient.invalidateQueries({ queryKey: contactsKeys.detail(contact.id) })
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
                ? command.mutate({
                    method: 'POST',
                    path: '/contacts/createOutOfBusiness',
                    body: { contactId: contact.id, outOfBusiness: false },
                  })
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
                onClick={() =>
                  command.mutate({
                    method: 'DELETE',
                    path: `/contacts/delete-business-card?documentKey=${encodeURIComponent(c.documentKey)}&contactId=${contact.id}`,
                  })
                }
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
