/** Task messages of docs/product.md section 5 (verbatim where docs/product.md gives the text). */
export const taskMessages = {
  /** A task's referral the caller does not see (the referrals' notFound is this text). */
  referralNotFound: 'Referral not found',
  subjectRequired: 'Please Enter Subject',
  noteRequired: 'Please Enter Note',
  alreadyAssigned: 'This user already has task assigned for this contact!',
  completed: 'This task is completed',
  // docs/product.md names these rules without their text; kept short and plain.
  nextStepRequired: 'Please select Next Step',
  followUpDateRequired: 'Follow Up Date is required',
  noneNextStepNotAllowed: 'You are not allowed to choose None as the next step',
  taskDeleted: 'This task was deleted',
  taskNotFound: 'Task not found',
} as const
