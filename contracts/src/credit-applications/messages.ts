/** docs/product.md 8 gives the first three verbatim; the others are ours, short and plain. */
export const creditApplicationMessages = {
  updated: 'Application updated',
  updateFailed: 'Failed to update application!',
  completeFailed: 'Failed to complete application!',
  notFound: 'Application not found',
  cannotMove: (from: string, to: string) => `An application cannot go from ${from} to ${to}`,
  needsComplete: 'Complete the application before a lending decision',
  alreadyFunded: 'A funded application cannot change',
  revealRefused: 'You are not allowed to see this data',
  nothingToReveal: 'Nothing stored in this field',
  invalidSsn: 'Please enter a 9-digit SSN',
  invalidDate: 'Please enter a valid date',
  invalidAccount: 'Please enter digits only',
  invalidRouting: 'Please enter a 9-digit routing number',
  contactCreated: 'Contact created!',
  alreadyLinked: 'This application is already linked to a contact',
  tooFast: 'Please take a moment to check your application before sending it',
  submitted: 'Thank you! Your application has been received.',
  notAnAnalyst: "This user is not a credit analyst of this application's division",
  invalidAmount: 'Please enter an amount of 0 or more',
  invalidCount: (max: number) => `Please enter a whole number from 0 to ${max}`,
  lenderRequired: 'Please enter lender',
  nameRequiredInList: 'Please enter name',
  streetRequired: 'Please enter street',
  percentRange: 'Please enter a percent from 0 to 100',
  nameRequired: 'Please add applicant name',
  businessRequired: 'Please add business name',
  // The public form and the intake endpoint (docs/decisions/046).
  notOnPublicForm: (keys: readonly string[]) =>
    keys.length === 1
      ? `The application form does not take the field ${keys[0]}`
      : `The application form does not take the fields ${keys.join(', ')}`,
  formTokenMissing: 'The form is missing its token: please reload the page and send the application again',
  formTokenInvalid: 'This form is no longer valid: please reload the page and send the application again',
  intakeKeyMissing: "The API key is missing: send the source system's key in the x-api-key header",
  intakeKeyWrong: 'The API key in the x-api-key header is wrong',
} as const
