/**
 * The state lookup (docs/product.md 9: ids 2-52, 31 = Washington DC). The product fixes the range and DC's id only;
 * the others are the fifty states in alphabetical order around it. Contacts keep the two-letter code (the census
 * and the lead CSVs write it so); the id is what lookups and filters exchange.
 */
export const usStates = [
  { id: 2, code: 'AL', name: 'Alabama' },
  { id: 3, code: 'AK', name: 'Alaska' },
  { id: 4, code: 'AZ', name: 'Arizona' },
  { id: 5, code: 'AR', name: 'Arkansas' },
  { id: 6, code: 'CA', name: 'California' },
  { id: 7, code: 'CO', name: 'Colorado' },
  { id: 8, code: 'CT', name: 'Connecticut' },
  { id: 9, code: 'DE', name: 'Delaware' },
  { id: 10, code: 'FL', name: 'Florida' },
  { id: 11, code: 'GA', name: 'Georgia' },
  { id: 12, code: 'HI', name: 'Hawaii' },
  { id: 13, code: 'ID', name: 'Idaho' },
  { id: 14, code: 'IL', name: 'Illinois' },
  { id: 15, code: 'IN', name: 'Indiana' },
  { id: 16, code: 'IA', name: 'Iowa' },
  { id: 17, code: 'KS', name: 'Kansas' },
  { id: 18, code: 'KY', name: 'Kentucky' },
  { id: 19, code: 'LA', name: 'Louisiana' },
  { id: 20, code: 'ME', name: 'Maine' },
  { id: 21, code: 'MD', name: 'Maryland' },
  { id: 22, code: 'MA', name: 'Massachusetts' },
  { id: 23, code: 'MI', name: 'Michigan' },
  { id: 24, code: 'MN', name: 'Minnesota' },
  { id: 25, code: 'MS', name: 'Mississippi' },
  { id: 26, code: 'MO', name: 'Missouri' },
  { id: 27, code: 'MT', name: 'Montana' },
  { id: 28, code: 'NE', name: 'Nebraska' },
  { id: 29, code: 'NV', name: 'Nevada' },
  { id: 30, code: 'NH', name: 'New Hampshire' },
  { id: 31, code: 'DC', name: 'Washington DC' },
  { id: 32, code: 'NJ', name: 'New Jersey' },
  { id: 33, code: 'NM', name: 'New Mexico' },
  { id: 34, code: 'NY', name: 'New York' },
  { id: 35, code: 'NC', name: 'North Carolina' },
  { id: 36, code: 'ND', name: 'North Dakota' },
  { id: 37, code: 'OH', name: 'Ohio' },
  { id: 38, code: 'OK', name: 'Oklahoma' },
  { id: 39, code: 'OR', name: 'Oregon' },
  { id: 40, code: 'PA', name: 'Pennsylvania' },
  { id: 41, code: 'RI', name: 'Rhode Island' },
  { id: 42, code: 'SC', name: 'South Carolina' },
  { id: 43, code: 'SD', name: 'South Dakota' },
  { id: 44, code: 'TN', name: 'Tennessee' },
  { id: 45, code: 'TX', name: 'Texas' },
  { id: 46, code: 'UT', name: 'Utah' },
  { id: 47, code: 'VT', name: 'Vermont' },
  { id: 48, code: 'VA', name: 'Virginia' },
  { id: 49, code: 'WA', name: 'Washington' },
  { id: 50, code: 'WV', name: 'West Virginia' },
  { id: 51, code: 'WI', name: 'Wisconsin' },
  { id: 52, code: 'WY', name: 'Wyoming' },
] as const satisfies readonly { id: number; code: string; name: string }[]

export type UsState = (typeof usStates)[number]

/** A state's name by its two-letter code, or null for an unknown one. */
export const stateNameOf = (code: string | null | undefined): string | null =>
  usStates.find((s) => s.code === code?.toUpperCase())?.name ?? null
