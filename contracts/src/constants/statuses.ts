/** Contact statuses per division (docs/product.md section 1). */
export const ContactStatus = {
  Lead: 1,
  Prospect: 2,
  Account: 3,
  ManagersBucket: 4,
  Inactive: 5,
  Dead: 6,
  NotQualified: 7,
  Pending: 8,
} as const
export type ContactStatusId = (typeof ContactStatus)[keyof typeof ContactStatus]

export const contactStatusNames: Record<ContactStatusId, string> = {
  1: 'Lead',
  2: 'Prospect',
  3: 'Account',
  4: "Manager's Bucket",
  5: 'Inactive',
  6: 'Dead',
  7: 'Not Qualified',
  8: 'Pending',
}

/** Status badge colours (docs/product.md section 4): 1 danger, 2 warning, 3 success, others danger. */
export function statusBadgeVariant(statusId: number): 'danger' | 'warning' | 'success' {
  if (statusId === ContactStatus.Prospect) return 'warning'
  if (statusId === ContactStatus.Account) return 'success'
  return 'danger'
}
