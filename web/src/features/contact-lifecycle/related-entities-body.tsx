import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Checkbox } from '../../components/ui/checkbox'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { messages } from '@crm/contracts'
import { ModalBody, ModalFooter } from '../../components/modal/modal-layout'
import type { ModalComponentProps } from '../../components/modal/modal-registry'
import { combineContactsModal } from './combine-contacts-modal'
import { relatedEntitiesQuery } from './lifecycle-api'
import { useCan } from '../../lib/permissions'

export type Props = { contactId: string; name: string }

/** related_entities (Possible Duplicates): Name, Company Owner, Address, Email, Office Phone; combine from here. */
export function RelatedEntities({ props, close }: ModalComponentProps<Props>) {
  const { data, isPending } = useQuery(relatedEntitiesQuery(props.contactId))
  const [picked, setPicked] = useState<string[]>([])
  const canCombine = useCan('executive') || useCan('admin')
  const toggle = (id: string) => setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]))
  return (
    <>
      <ModalBody className="px-0 py-0">
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {canCombine && <TableHead className="w-8" />}
              <TableHead>Name</TableHead>
              <TableHead>Company Owner</TableHead>
              <TableHead>Address</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Office Phone</TableHead>
              <TableHead>Matched on</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {(data ?? []).map((r) => (
              <TableRow key={r.id}>
                {canCombine && (
                  <TableCell>
                    <Checkbox
                      checked={picked.includes(r.id)}
                      onCheckedChange={() => toggle(r.id)}
                      aria-label={`Select ${r.name}`}
                    />
                  </TableCell>
                )}
                <TableCell>
                  <a className="text-link hover:underline" href={`/contacts/${r.id}`} target="_blank" rel="noreferrer">
                    {r.name}
                  </a>
                </TableCell>
                <TableCell>{r.ownerName}</TableCell>
                <TableCell>{r.address}</TableCell>
                <TableCell>{r.email}</TableCell>
                <TableCell className="tabular">{r.businessPhone}</TableCell>
                <TableCell className="text-muted-foreground">{r.matchedOn.join(', ')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {!isPending && data?.length === 0 && (
          <p className="px-5 py-8 text-center text-muted-foreground">{messages.noRecords}</p>
        )}
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Close</Button>
        {canCombine && (
          <Button
            variant="primary"
            disabled={picked.length === 0}
            onClick={() => combineContactsModal.open({ contactIds: [props.contactId, ...picked] })}
          >
            Combine Contacts
          </Button>
        )}
      </ModalFooter>
    </>
  )
}
