/** Permission keys by meaning (docs/product.md section 6). Role presets bundle them. */
export const permissionKeys = [
  'executive',
  'delete-contact',
  'upload-new-leads',
  'change-contact-status',
  'manager',
  'view-all-division-accounts',
  'assign-any',
  'direct-mail',
  'none-next-step',
  'contract-lost-division',
  'login-as',
  'call',
  'admin',
  /** See an application's SSN, date of birth and bank details unmasked (each reveal is recorded). */
  'reveal-credit-data',
  'analyst',
  /**
   * Work the credit applications of one's own division (docs/decisions/031): see, edit, decide, match to
   * contacts, and be assigned as an application's analyst. Reps of the division without it see none.
   */
  'credit-analyst',
] as const
export type PermissionKey = (typeof permissionKeys)[number]

export const rolePresets: Record<'rep' | 'credit-analyst' | 'manager' | 'executive' | 'admin', PermissionKey[]> = {
  rep: ['call'],
  // Analysts pull credit reports, which take the applicant's SSN and date of birth: they reveal (recorded).
  'credit-analyst': ['call', 'credit-analyst', 'reveal-credit-data'],
  manager: ['call', 'manager', 'change-contact-status', 'upload-new-leads', 'none-next-step'],
  executive: [
    'call',
    'manager',
    'executive',
    'change-contact-status',
    'upload-new-leads',
    'view-all-division-accounts',
    'assign-any',
    'delete-contact',
    'contract-lost-division',
    'none-next-step',
    'direct-mail',
  ],
  admin: [...permissionKeys],
}
