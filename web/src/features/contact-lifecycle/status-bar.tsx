import {
  ContactStatus,
  EXECUTIVE_DIVISION_ID,
  messages,
  type ContactDetails,
  DEFAULT_DIVISION_ID,
} from '@crm/contracts'
import { ChevronDown, Copy, Repeat } from 'lucide-react'
import { Button } from '../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { fetchCallAttempts, fetchHasActivity } from './lifecycle-api'
import { notify } from '../../lib/notify'
import { useDivisionId } from '../../lib/session-store'
import {
  convertBlockedReason,
  convertLesseeModal,
  convertModal,
  convertUnassignedModal,
  type ConvertProps,
} from './convert-modal'
import type { DivisionAction } from './confirm-actions'
import { relatedEntitiesModal } from './related-entities-modal'
import { contractLostModal } from './contract-lost-modal'
import { changeStatusModal, confirmActionModal, giveUpModal } from './status-modals'
import { useCan } from '../../lib/permissions'

/**
 * The contact status bar (docs/product.md 2 and 4): Convert, Dead, NQ, Give Up, No Answer, for the contact's
 * standing in the current division. The executive division only looks. Dead, NQ and No Answer ask first:
 * one click on the wrong contact would close a lead or log a call that never happened.
 */
export function StatusBar({ contact }: { contact: ContactDetails }) {
  const divisionId = useDivisionId() ?? contact.contactDivisionData[0]?.divisionId ?? DEFAULT_DIVISION_ID
  const membership = contact.contactDivisionData.find((d) => d.divisionId === divisionId)
  const statusId = membership?.statusId
  const executive = divisionId === EXECUTIVE_DIVISION_ID
  const canChangeStatus = useCan('change-contact-status')
  const statuses = Object.fromEntries(contact.contactDivisionData.map((d) => [d.divisionId, d.statusId]))
  const ref = { contactId: contact.id, divisionId, statuses }
  const blocked = convertBlockedReason(divisionId, statusId)
  const closedOut = executive || !membership
  const convertProps: ConvertProps = {
    contactId: contact.id,
    divisionId,
    fromStatusId: statusId ?? 0,
    contactCategory: contact.contactCategory,
    companyTypeId: contact.companyTypeId,
    numberOfTrucks: contact.numberOfTrucks,
  }

  // A Lead needs an activity before converting: say so before the form, not after it.
  const openConvert = async (open: () => void) => {
    if (statusId === ContactStatus.Lead) {
      const { hasActivity } = await fetchHasActivity(contact.id, divisionId)
      if (!hasActivity) return notify.error(messages.noActivityForContact)
    }
    open()
  }
  const openGiveUp = async () => {
    const { callAttempts, minCallAttempts } = await fetchCallAttempts(contact.id, divisionId)
    if (callAttempts < minCallAttempts)
      return notify.error(messages.notEnoughCallAttempts(callAttempts, minCallAttempts))
    giveUpModal.open(ref)
  }
  const confirm = (action: DivisionAction) =>
    confirmActionModal.open({ action, contactId: contact.id, contactName: contact.name, divisionId })

  return (
    <div role="toolbar" aria-label="Contact status" className="flex flex-wrap items-center gap-1.5">
      <DropdownMenu>
        <DropdownMenuTrigger asChild disabled={blocked !== null}>
          <Button variant="primary" title={blocked ?? undefined} disabled={blocked !== null}>
            Convert <ChevronDown />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          {statusId === ContactStatus.Lead ? (
            <>
              <DropdownMenuItem onSelect={() => void openConvert(() => convertModal.open(convertProps))}>
                To Prospect
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void openConvert(() => convertUnassignedModal.open(convertProps))}>
                To unassigned Prospect
              </DropdownMenuItem>
            </>
          ) : (
            <>
              <DropdownMenuItem onSelect={() => convertModal.open(convertProps)}>To Account</DropdownMenuItem>
              <DropdownMenuItem onSelect={() => convertLesseeModal.open(convertProps)}>
                To Account with lessee
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <Button disabled={closedOut || statusId === ContactStatus.Dead} onClick={() => confirm('dead')}>
        Dead
      </Button>
      <Button disabled={closedOut || statusId === ContactStatus.NotQualified} onClick={() => confirm('not-qualified')}>
        NQ
      </Button>
      <Button disabled={closedOut} onClick={() => void openGiveUp()}>
        Give Up
      </Button>
      <Button disabled={closedOut} onClick={() => confirm('no-answer')}>
        No Answer
      </Button>
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      {canChangeStatus && (
        <Button variant="ghost" onClick={() => changeStatusModal.open(ref)}>
          <Repeat /> Change status
        </Button>
      )}
      {statusId === ContactStatus.Account && !executive && (
        <Button variant="ghost" onClick={() => contractLostModal.open(ref)}>
          Mark contract lost
        </Button>
      )}
      <Button variant="ghost" onClick={() => relatedEntitiesModal.open({ contactId: contact.id, name: contact.name })}>
        <Copy /> Possible duplicates
      </Button>
    </div>
  )
}
