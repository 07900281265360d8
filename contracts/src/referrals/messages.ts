import { taskMessages } from '../tasks/messages'

/** Referral messages. docs/product.md gives the sent toast and the mark-as-read wording; the others are ours. */
export const referralMessages = {
  sent: 'Referral successfully sent!',
  notFound: taskMessages.referralNotFound,
  alreadyReferred: 'This contact is already referred to that division',
  sameDivision: 'Please select a division other than your own',
  subjectRequired: 'Please Enter Subject',
  divisionRequired: 'Please select division',
  attentionToRequired: 'Please select the user the referral is for',
  attentionToNotInDivision: 'That user does not work in the division the contact is referred to',
  effortLevelRequired: 'Please select effort level',
  gradeRequired: 'Please select grade',
  dueDateRequired: 'Please select due date',
  alreadyRead: 'This referral is already marked as read',
  amountNotNegative: 'Payment amount cannot be negative',
  onlyManagers: 'Only a manager of the receiving division may do this',
} as const

/** The payment fields mark-as-read needs, as a person reads them (docs/product.md 5). */
export const referralPaymentFieldLabels = {
  paymentDate: 'Payment Date',
  paymentAmount: 'Payment Amount',
  payee: 'Payee',
} as const
export type ReferralPaymentField = keyof typeof referralPaymentFieldLabels

/** "Payment Date", "Payment Date and Payee", "Payment Date, Payment Amount and Payee". */
export function namesAsRead(names: readonly string[]): string {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** 'You must enter data for {missing fields} to be able to mark as read' (docs/product.md 5), shown 10 s. */
export function missingPaymentMessage(missing: readonly ReferralPaymentField[]): string {
  return `You must enter data for ${namesAsRead(missing.map((f) => referralPaymentFieldLabels[f]))} to be able to mark as read`
}

/** How long the web shows the missing-fields message (docs/product.md 5). */
export const MISSING_PAYMENT_TOAST_MS = 10_000

/** Referral status: 1 while the receiving division works it, 2 once its task is completed (docs/product.md 4). */
export const ReferralStatus = { Open: 1, Completed: 2 } as const
export const referralStatusNames: Record<number, string> = { 1: 'Open', 2: 'Completed' }
export const PAID = 'Paid'
