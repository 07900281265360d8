/** Email messages shown to users (docs/product.md 8), verbatim. */
export const emailMessages = {
  templateSaved: 'Template successfully created/updated',
  templateDeleted: 'Template deleted successfully',
  templateDeleteFailed: 'Deleting of email template failed',
  emailSent: 'Email successfully sent',
  emailScheduled: 'You have just scheduled sending email!',
  directEmailAlert: 'Alert! You are sending direct email to Contact.',
  enterEmailFirst: 'Please Enter Email First',
  nameRequired: 'Please enter template name',
  subjectRequired: 'Please enter email subject',
  bodyRequired: 'Please enter email body',
  sendingTimeRequired: 'Please select sending time',
  sendingTimeInPast: 'Sending time must be in the future',
  templateNotFound: 'Template not found',
  emailNotFound: 'Email not found',
  alreadySent: 'This email was already sent',
  unsubscribed: 'You are now unsubscribed!',
  reportedAbuse: 'You just reported abuse!',
  linkNotValid: 'This link is not valid',
} as const

/** Bounds of what a template and a message may hold. */
export const EMAIL_LIMITS = { name: 200, subject: 300, body: 100_000 } as const
