import type { StatusTransitionEvent } from '@crm/contracts'

/** The "reason" column of the status history: what the user gave, in one line. */
export function transitionReason(event: StatusTransitionEvent): string | null {
  switch (event.type) {
    case 'ContactConverted':
      return event.data.unassigned ? 'Converted to an unassigned prospect' : 'Converted'
    case 'ContactStatusChanged':
      return event.data.withoutAdditionalActions ? 'Status changed (bulk)' : 'Status changed'
    case 'ContactMarkedDead':
      return event.data.notes ? `Dead: ${event.data.notes}` : 'Dead'
    case 'ContactMarkedNotQualified':
      return event.data.notes ? `Not qualified: ${event.data.notes}` : 'Not qualified'
    case 'ContactGivenUp':
      return event.data.otherReasonNote
        ? `Gave up: ${event.data.giveUpReason} (${event.data.otherReasonNote})`
        : `Gave up: ${event.data.giveUpReason}`
    case 'ContactContractLost':
      return `Contract lost: ${event.data.lostReason}`
  }
}
