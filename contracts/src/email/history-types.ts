/**
 * Email history types (docs/product.md 9: support type 26, values not shown, so these are ours). Each names a
 * kind of row the history tables show; the history filters by one of them.
 */
export const emailHistoryTypeKeys = [
  'sent',
  'scheduled',
  'failed',
  'cancelled',
  'suppressed',
  'clicked',
  'unsubscribed',
  'abuse-reported',
  'direct',
  'marketing',
] as const
export type EmailHistoryType = (typeof emailHistoryTypeKeys)[number]

export const emailHistoryTypes: Record<EmailHistoryType, string> = {
  sent: 'Sent',
  scheduled: 'Scheduled',
  failed: 'Failed',
  cancelled: 'Cancelled',
  suppressed: 'Not sent: unsubscribed',
  clicked: 'Clicked',
  unsubscribed: 'Unsubscribed',
  'abuse-reported': 'Reported abuse',
  direct: 'Direct',
  marketing: 'Marketing',
}

/** Why an address gets no marketing email. */
export const suppressionReasonKeys = ['unsubscribed', 'abuse'] as const
export type SuppressionReason = (typeof suppressionReasonKeys)[number]
export const suppressionReasons: Record<SuppressionReason, string> = {
  unsubscribed: 'Unsubscribed',
  abuse: 'Reported abuse',
}
