/**
 * User-facing messages of SPEC.md sections 5 and 8, verbatim (typos included: users know them).
 * Functions build the messages that carry values.
 */
export const messages = {
  somethingWentWrong: 'Something went wrong!',
  serverError: 'Server Error! Something went wrong',
  operationFailed: 'Operation didn`t succeed, something went wrong!',
  contactNameRequired: 'Please add name',
  organizationTypeRequired: 'Please Select Organization Type',
  contactCreated: 'Contact created!',
  statusUpdated: 'Status Updated Successfully.',
  statusChanged: 'Successfully changed status!',
  conversionSuccessful: 'Conversion successful',
  noRecords: 'No records found',
  noMoreActivities: 'No more activities available!',
  duplicateExists: (name: string) => `${name} already exists in the CRM`,
  duplicateQuestion: 'Would You like to add the new contact?',
  invalidEmail: 'Invalid Email!',
  passwordsDontMatch: "password and confirm password don't match",
  confirmNewPassword: 'Please confirm new Password',
  passwordChanged: 'Successfully changed password.',
  forgotPasswordSent: 'Instructions how to change password have been sent to your email.',
  passwordReset: 'Password has been reset!',
  passwordResetFailed: 'Password reset failed!',
  userOptionsFailed: 'Failed to update user options',
  divisionRenamed: (name: string) => `Division > ${name} < Changed Successifully.`,
  divisionInUse: 'This division is related with other division or user, you cannot delete it',
  divisionDeleted: 'You just deleted Division!',
  // Not in SPEC.md; needed by the API. Kept short and plain.
  invalidCredentials: 'Invalid email or password',
  unauthorized: 'Please log in again',
  forbidden: 'You are not allowed to do this',
  notFound: 'Not found',
  concurrentChange: 'Someone else changed this record at the same time. Reload and try again.',
} as const
