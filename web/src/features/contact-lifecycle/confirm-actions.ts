import { ActivityType, messages } from '@crm/contracts'
import type { ConfirmedCommand } from './lifecycle-api'

/** Actions of the status bar, in the division the contact is worked in. */
export type DivisionAction = 'dead' | 'not-qualified' | 'no-answer'
/** The one-click actions on a contact that now ask first: a misclick would close a lead or log a call. */
export type ConfirmedAction = DivisionAction | 'out-of-business'

/** Out of business holds in every division, so it names none. */
export type ConfirmActionProps = { contactId: string; contactName: string } & (
  { action: DivisionAction; divisionId: number } | { action: 'out-of-business' }
)

export type Confirmation = {
  title: string
  question: string
  confirmLabel: string
  /** The command's optional note field, when it takes one (the window offers a Notes box). */
  notesField: 'notes' | 'note' | null
  /** The toast after it is done, as the one-click action said it. */
  success?: string
  request: (notes: string | null) => ConfirmedCommand
}

/** What the confirmation window asks, and the command it sends when confirmed. */
export function confirmationOf(props: ConfirmActionProps): Confirmation {
  const { contactId, contactName } = props
  if (props.action === 'out-of-business') {
    return {
      title: 'Out of business',
      question: `Mark ${contactName} as out of business?`,
      confirmLabel: 'Mark out of business',
      notesField: 'note',
      request: (note) => ({ command: 'setOutOfBusiness', body: { contactId, outOfBusiness: true, note } }),
    }
  }
  const { divisionId } = props
  switch (props.action) {
    case 'dead':
      return {
        title: 'Mark as Dead',
        question: `Mark ${contactName} as Dead?`,
        confirmLabel: 'Mark Dead',
        notesField: 'notes',
        success: messages.statusUpdated,
        request: (notes) => ({ command: 'markDead', body: { contactId, divisionId, notes } }),
      }
    case 'not-qualified':
      return {
        title: 'Mark as Not Qualified',
        question: `Mark ${contactName} as Not Qualified?`,
        confirmLabel: 'Mark Not Qualified',
        notesField: 'notes',
        success: messages.statusUpdated,
        request: (notes) => ({ command: 'markNotQualified', body: { contactId, divisionId, notes } }),
      }
    case 'no-answer':
      return {
        title: 'No Answer',
        question: `Log a No Answer call for ${contactName}?`,
        confirmLabel: 'Log No Answer',
        notesField: null,
        success: messages.noAnswerLogged,
        request: () => ({
          command: 'logActivity',
          body: {
            contactId,
            divisionId,
            activityType: ActivityType.OutgoingCall,
            subject: 'No Answer',
            callData: { duration: 0, outcome: 'Attempted' },
            source: 'no-answer',
          },
        }),
      }
  }
}
