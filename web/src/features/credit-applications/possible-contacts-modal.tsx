import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import {
  creditApplicationMessages as m,
  organizationTypes,
  type CreditApplicationSource,
  type PossibleContact,
} from '@crm/contracts'
import { SelectField } from '../../components/form/form-fields'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import { Button } from '../../components/ui/button'
import { isApiError } from '../../lib/api-error'
import { notify } from '../../lib/notify'
import { createContactFromApplication, mergeWithContact, possibleContactsQuery } from './credit-applications-api'

type Props = { source: CreditApplicationSource; applicationId: string }

/** possible_contacts_modal (950): contacts that may be the applicant's; merge with one, or create a contact. */
export const possibleContactsModal = defineModal<Props>('possible_contacts_modal', {
  title: 'Possible contacts',
  component: PossibleContactsWindow,
})

function PossibleContactsWindow({ props, close }: ModalComponentProps<Props>) {
  const { source, applicationId } = props
  const { data, isPending, isError, refetch } = useQuery(possibleContactsQuery(source, applicationId))
  const queryClient = useQueryClient()
  const [organizationType, setOrganizationType] = useState('')
  const [error, setError] = useState<string>()
  const done = async (message: string) => {
    notify.success(message)
    await queryClient.invalidateQueries({ queryKey: ['credit-applications', source] })
    close()
  }
  const merge = async (contact: PossibleContact) => {
    await mergeWithContact(source, applicationId, contact.id)
    await done(m.updated)
  }
  const create = async () => {
    try {
      await createContactFromApplication(applicationId, organizationType ? Number(organizationType) : null)
      await done(m.contactCreated)
    } catch (e) {
      if (isApiError(e, 400)) setError(e.fieldErrors.organizationTypeId ?? e.message)
    }
  }
  return (
    <>
      <ModalBody className="flex flex-col gap-4">
        {isPending && <p className="text-muted-foreground">Looking for matching contacts…</p>}
        {isError && (
          <p className="text-danger">
            Could not load the matches.{' '}
            <Button variant="link" onClick={() => void refetch()}>
              Try again
            </Button>
          </p>
        )}
        {data && data.length === 0 && <p className="text-muted-foreground">No records found</p>}
        {data && data.length > 0 && (
          <ul aria-label="Possible contacts" className="divide-y rounded-md border">
            {data.map((contact) => (
              <li key={contact.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
                <div className="min-w-0">
                  <Link
                    to="/contacts/$id"
                    params={{ id: contact.id }}
                    target="_blank"
                    className="font-medium text-link hover:underline"
                  >
                    {contact.name ?? 'Unnamed contact'}
                  </Link>
                  <p className="text-xs text-muted-foreground">
                    {[
                      contact.ownerName,
                      contact.dotNumber && `DOT ${contact.dotNumber}`,
                      contact.mcNumber && `MC ${contact.mcNumber}`,
                      contact.businessPhone,
                      contact.email,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                  <p className="text-xs">Matched on {contact.matchedOn.join(', ')}</p>
                </div>
                <Button variant="primary" size="sm" onClick={() => void merge(contact)}>
                  Merge
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-end gap-2 border-t pt-3">
          <SelectField
            id="ca-organization-type"
            label="Organization type"
            className="w-56"
            value={organizationType}
            onChange={(v) => {
              setOrganizationType(v)
              setError(undefined)
            }}
            options={organizationTypes}
            error={error}
          />
          <Button onClick={() => void create()}>Create contact from application</Button>
        </div>
      </ModalBody>
      <ModalFooter>
        <Button variant="ghost" onClick={close}>
          Close
        </Button>
      </ModalFooter>
    </>
  )
}
