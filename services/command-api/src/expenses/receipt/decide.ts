import { expenseMessages, type ExpenseEvent, type ExpenseReceiptUploaded } from '@crm/contracts'
import { DomainError, notFound } from '@crm/platform'
import type { Decider } from '../../command-handling/decider'
import type { Actor } from '../../contacts/commands'

/** A receipt's stream: who uploaded it and which expense filed it. */
export interface ReceiptState {
  upload: ExpenseReceiptUploaded['data'] | null
  claimedBy: string | null
}
export type ReceiptCommand =
  | { type: 'RecordReceipt'; data: ExpenseReceiptUploaded['data'] }
  | { type: 'ClaimReceipt'; actor: Actor; expenseId: string }

/**
 * A receipt is filed once, with an expense of the user who uploaded it: anyone else's key is not found, so a
 * key seen elsewhere cannot pull another user's file under one's own expense (docs/decisions/020).
 */
export const receiptDecider: Decider<ReceiptState, ReceiptCommand, ExpenseEvent> = {
  initialState: { upload: null, claimedBy: null },
  evolve(state, event) {
    if (event.type === 'ExpenseReceiptUploaded') return { ...state, upload: event.data }
    if (event.type === 'ExpenseReceiptClaimed') return { ...state, claimedBy: event.data.expenseId }
    return state
  },
  startsStream: (command) => command.type === 'RecordReceipt',
  decide(state, command) {
    if (command.type === 'RecordReceipt') {
      if (state.upload) return []
      return [{ type: 'ExpenseReceiptUploaded', data: command.data }]
    }
    if (!state.upload || state.upload.uploadedBy !== command.actor.userId) {
      throw notFound(expenseMessages.receiptNotFound)
    }
    if (state.claimedBy === command.expenseId) return []
    if (state.claimedBy) throw new DomainError(expenseMessages.receiptUsed)
    return [{ type: 'ExpenseReceiptClaimed', data: { key: state.upload.key, expenseId: command.expenseId } }]
  },
}
