/** Dealer messages, verbatim from docs/product.md (sections 5 and 8, spelling included). */
export const dealerMessages = {
  nameRequired: 'Name cannot be empty.',
  businessPhoneRequired: 'Phone Number cannot be empty.',
  duplicate: 'Duplicate. This dealer is already created.',
  created: 'Dealer successfuly created.',
  updated: 'Dealer successfuly updated.',
  notFound: 'Dealer not found',
} as const

/** '{field} cannot be empty.' with the duplicate-check modal's labels (Name, Phone Number, Zip Code). */
export const cannotBeEmpty = (field: string): string => `${field} cannot be empty.`
