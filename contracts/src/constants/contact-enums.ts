/** Enumerations of the contact entity (docs/product.md section 3). */
export const contactCategories = {
  1: 'Contact',
  2: 'Merchant',
  3: 'Shipper',
  4: 'Truck Sales Dealer',
  5: 'Finance Dealer',
} as const
export type ContactCategoryId = keyof typeof contactCategories

export const organizationTypes = {
  3: 'Private Fleet',
  4: 'Company Driver',
  5: 'Owner Operator',
  6: 'Contractor',
  7: 'Motor Carrier',
} as const
export type OrganizationTypeId = keyof typeof organizationTypes

/** Effort level ids: A, B, C = 122, 123, 124. */
export const EffortLevel = { A: 122, B: 123, C: 124 } as const
/** Grade ids: 108 hot, 109 warm, other cold. */
export const Grade = { Hot: 108, Warm: 109 } as const

export const DEFAULT_DIVISION_ID = 15
export const EXECUTIVE_DIVISION_ID = 1
