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
] as const
export type PermissionKey = (typeof permissionKeys)[number]

export const rolePresets: Record<'rep' | 'manager' | 'executive' | 'admin', PermissionKey[]> = {
  rep: ['call'],
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
